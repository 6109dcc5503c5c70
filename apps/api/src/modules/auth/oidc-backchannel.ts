import { MSG_IDENTITY, MSG_OIDC } from '@arandu/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { unaudited } from '../../db/tx.js';
import { AppError } from '../../lib/errors.js';
import { recordSecurityEvent } from '../security-events/security-events.service.js';
import type { OidcClient } from './oidc.js';
import * as oidcRepo from './oidc.repository.js';

/**
 * OpenID Connect Back-Channel Logout 1.0 (issue 41 item 3): the provider says a person's session there ended
 * (they signed out elsewhere, or the provider disabled them). The token is verified (oidc.ts) and the sessions
 * it names end now, so the next call of any of them answers 401. A token that does not pass is a 400 (section
 * 2.8), logged without the token; one naming sessions Arandu does not have is still a 200 (they are gone).
 */
export async function backchannelLogout(
  deps: { db: Db; oidc: OidcClient | undefined; log: FastifyBaseLogger },
  logoutToken: string,
): Promise<void> {
  if (!deps.oidc) throw AppError.notFound(MSG_IDENTITY.oidcNotConfigured);
  let target;
  try {
    target = await deps.oidc.verifyLogoutToken(logoutToken);
  } catch (error) {
    deps.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'logout token refused');
    throw AppError.badRequest(MSG_OIDC.logoutTokenInvalid);
  }
  const ended = await oidcRepo.endSessionsOfProvider(unaudited(deps.db), { emisor: target.issuer, ...target });
  for (const { usuarioId, ended: n } of ended) {
    await recordSecurityEvent(unaudited(deps.db), {
      tipo: 'sesion_cerrada_por_proveedor',
      usuarioId,
      metodo: 'institucional',
      motivo: target.sid ? `sesión del proveedor ${target.sid} (${n})` : `todas (${n})`,
    });
  }
}
