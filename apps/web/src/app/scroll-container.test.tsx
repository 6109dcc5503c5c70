import { Table } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../test/render';

/**
 * Issue 43: a table wider than the screen scrolls inside its container, and a keyboard user must be able to
 * focus that scroller to scroll it (axe scrollable-region-focusable, serious, at 390 px). The theme makes every
 * Table.ScrollContainer's scroller a tab stop, so no screen has to remember it.
 */
describe('Table.ScrollContainer (theme)', () => {
  it('puts its scroller in the tab order', () => {
    const { container } = render(
      <TestProviders>
        <Table.ScrollContainer minWidth={640}>
          <Table aria-label="Alertas tempranas de la materia">
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>Cáceres, Sofía</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </TestProviders>,
    );
    const viewport = container.querySelector('.mantine-ScrollArea-viewport');
    expect(viewport).not.toBeNull();
    expect(viewport).toHaveAttribute('tabindex', '0');
    expect(viewport).toContainElement(container.querySelector('table'));
  });
});
