import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ROLE_OPTIONS, userEndpoints as e } from '@arandu/shared';
import { serve, type EndpointRequest } from '../../lib/serve.js';
import { currentUser } from '../../plugins/auth.js';
import { setRectifyGrant } from './rectify-grant.service.js';
import * as users from './users.service.js';

/**
 * Users (spec 01 section 7): staff manage everyone; anyone reads and saves their own ficha. Someone else's
 * user answers 404 to a student or professor (DOMAIN.md section 2).
 */
export const usersRoutes: FastifyPluginAsyncZod<users.UsersDeps> = async (app, deps) => {
  const { db } = deps;

  serve(app, e.list, (request) => users.listUsers(db, request.body));
  serve(app, e.listByQuery, (request) => users.listUsers(db, request.query));
  serve(app, e.roles, () => ({ roles: ROLE_OPTIONS }));
  serve(app, e.formData, (request) => users.formData(db, currentUser(request)));
  serve(app, e.profile, (request) => users.getOwnProfile(db, currentUser(request)));
  serve(app, e.saveProfile, (request) => users.saveOwnProfile(deps, currentUser(request), request.body));

  // The spec's path is a GET; a GET that changes state can be set off by a link or a prefetch, so the web
  // app calls it with POST, and GET stays only for the spec's contract.
  const resetPassword = (request: EndpointRequest<typeof e.resetPassword>) =>
    users.resetUserPassword(deps, currentUser(request), request.params.id);
  serve(app, e.resetPassword, resetPassword);
  serve<typeof e.resetPasswordByGet>(app, e.resetPasswordByGet, resetPassword);

  serve(app, e.mails, (request) => users.outboxOf(db, currentUser(request), request.params.id));
  serve(app, e.get, (request) => users.getUser(db, currentUser(request), request.params.id));
  serve(app, e.rectifyGrant, (request) => setRectifyGrant(db, currentUser(request), request.params.id, request.body));
  serve(app, e.save, (request) =>
    users.saveUser(deps, currentUser(request), request.body, users.appUrlOf(deps.publicUrl, request)),
  );
  serve(app, e.remove, (request) => users.deleteUser(db, request.params.id));
};
