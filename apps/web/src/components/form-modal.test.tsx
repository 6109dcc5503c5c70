import { Button, Menu, Select, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../test/render';
import { FormModal } from './form-modal';

/** A screen with a button that mounts a form modal only while it is open, as 'Nueva tarea' is. */
function Screen() {
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState('');
  return (
    <>
      <Button onClick={() => setOpen(true)}>Nueva tarea</Button>
      <Button>Otro botón</Button>
      <span>Guardado: {saved}</span>
      {open && (
        <FormModal onClose={() => setOpen(false)} title="Nueva tarea de clase">
          <form
            onSubmit={(event) => {
              event.preventDefault();
              setSaved((event.currentTarget.elements.namedItem('tarea') as HTMLInputElement).value);
              setOpen(false);
            }}
          >
            <TextInput label="Tarea" name="tarea" data-autofocus />
            <Select label="Alumno" data={['Ayala, Luis', 'Benítez, Ana']} />
            <DateInput label="Fecha Entrega" />
            <Button type="submit">Guardar</Button>
          </form>
        </FormModal>
      )}
    </>
  );
}

/**
 * A menu whose item mounts a form modal, as 'Tomar asistencia' does. In a browser the menu fades out while the
 * modal opens, its item still there for a moment, then gone; the tests' Mantine has no transitions, so the items
 * stay 50 ms after the menu closes here.
 */
function MenuScreen() {
  const [open, setOpen] = useState(false);
  const [menuOpened, setMenuOpened] = useState(false);
  const [items, setItems] = useState(false);
  const change = (opened: boolean) => {
    setMenuOpened(opened);
    if (opened) setItems(true);
    else setTimeout(() => setItems(false), 50);
  };
  return (
    <>
      <Menu keepMounted opened={menuOpened} onChange={change}>
        <Menu.Target>
          <Button>Tomar asistencia</Button>
        </Menu.Target>
        <Menu.Dropdown>{items && <Menu.Item onClick={() => setOpen(true)}>Asistencia de hoy</Menu.Item>}</Menu.Dropdown>
      </Menu>
      {open && (
        <FormModal onClose={() => setOpen(false)} title="Toma rápida" dirty={false}>
          <Button>Presente</Button>
        </FormModal>
      )}
    </>
  );
}

function setup() {
  render(
    <TestProviders>
      <Screen />
    </TestProviders>,
  );
  return userEvent.setup();
}

async function open(user: ReturnType<typeof userEvent.setup>) {
  const opener = screen.getByRole('button', { name: 'Nueva tarea' });
  await user.click(opener);
  await screen.findByRole('dialog', { name: 'Nueva tarea de clase' });
  return opener;
}

const modal = () => screen.queryByRole('dialog', { name: 'Nueva tarea de clase' });

describe('FormModal', () => {
  it('returns the focus to the button that opened it when it saves and when Escape closes it', async () => {
    const user = setup();
    const opener = await open(user);
    await user.type(screen.getByRole('textbox', { name: 'Tarea' }), 'Informe');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Guardado: Informe')).toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());
    await open(user);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(modal()).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it("returns the focus to the menu's button when one of its items opened it", async () => {
    render(
      <TestProviders>
        <MenuScreen />
      </TestProviders>,
    );
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Tomar asistencia' });
    await user.click(button);
    // The focus on the item as it is chosen, as a browser leaves it (jsdom's click hands it to the menu's button).
    (await screen.findByRole('menuitem', { name: 'Asistencia de hoy' })).focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Toma rápida' });
    // The user works in the modal; the menu's item is gone meanwhile.
    await user.click(screen.getByRole('button', { name: 'Presente' }));
    await waitFor(() => expect(screen.queryByRole('menuitem', { hidden: true })).not.toBeInTheDocument());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Toma rápida' })).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('asks before Escape or a click outside throws typed data away', async () => {
    const user = setup();
    await open(user);
    await user.type(screen.getByRole('textbox', { name: 'Tarea' }), 'Informe');
    await user.keyboard('{Escape}');
    expect(
      await screen.findByText('El formulario tiene cambios sin guardar. ¿Cerrarlo y descartarlos?'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'No, seguir editando' }));
    await waitFor(() =>
      expect(
        screen.queryByText('El formulario tiene cambios sin guardar. ¿Cerrarlo y descartarlos?'),
      ).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('textbox', { name: 'Tarea' })).toHaveValue('Informe');
    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: 'Sí, descartar' }));
    await waitFor(() => expect(modal()).not.toBeInTheDocument());
  });

  it("closes on Escape while the focus is on a select ('Alumno'), and Escape in a calendar closes only the calendar", async () => {
    const user = setup();
    await open(user);
    const fecha = screen.getByLabelText('Fecha Entrega');
    await user.click(fecha);
    const calendar = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('[data-dates-dropdown]');
      expect(found).not.toBeNull();
      return found;
    });
    // Its arrows are named (axe button-name, critical, on 'Nueva asistencia').
    expect(screen.getByRole('button', { name: 'Mes anterior' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mes siguiente' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(calendar).not.toBeVisible());
    expect(modal()).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Alumno' }));
    await user.keyboard('{Escape}');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(modal()).not.toBeInTheDocument());
  });
});
