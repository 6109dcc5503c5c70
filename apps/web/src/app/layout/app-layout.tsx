import { AppShell } from '@mantine/core';
import { useDisclosure, useLocalStorage, useMediaQuery, useWindowEvent } from '@mantine/hooks';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { PREFERENCE_KEYS } from '../../lib/preferences';
import { ShellProviders } from '../shell-providers';
import { BottomBar } from './bottom-bar';
import { Sidebar } from './sidebar';
import { PHONE_MENU_BUTTON_ID, TopBar } from './top-bar';

/** The shell of every /pages screen: top bar, sidebar (a drawer on phones), the screen and the bottom bar. */
export function AppLayout() {
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  // Below the 'sm' breakpoint the menu is a closed drawer: its links are drawn when it is first opened, not
  // with the page, which is a phone's first paint of the shell spent on nothing it shows (issue 16).
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const [menuDrawn, setMenuDrawn] = useState(false);
  // Escape closes the phone's menu as it closes any drawer (issue 43), unless a dialog over it takes the key.
  useWindowEvent('keydown', (event) => {
    if (event.key !== 'Escape' || !mobileOpened || event.defaultPrevented) return;
    if (event.target instanceof Element && event.target.closest('[role="dialog"]')) return;
    closeMobile();
    document.getElementById(PHONE_MENU_BUTTON_ID)?.focus();
  });
  const [desktopCollapsed, setDesktopCollapsed] = useLocalStorage<boolean>({
    key: PREFERENCE_KEYS.sidebarCollapsed,
    defaultValue: false,
    getInitialValueInEffect: false,
  });

  return (
    <ShellProviders>
      <a
        href="#contenido"
        className="skip-link"
        onClick={(event) => {
          // Focus the screen itself, so the next Tab is its first control (the hash alone leaves focus here).
          event.preventDefault();
          document.getElementById('contenido')?.focus();
        }}
      >
        Saltar al contenido
      </a>
      <AppShell
        header={{ height: 60 }}
        footer={{ height: 34 }}
        navbar={{ width: 272, breakpoint: 'sm', collapsed: { mobile: !mobileOpened, desktop: desktopCollapsed } }}
        padding="md"
      >
        <AppShell.Header className="no-print">
          <TopBar
            mobileOpened={mobileOpened}
            onToggleMobile={() => {
              setMenuDrawn(true);
              toggleMobile();
            }}
            desktopOpened={!desktopCollapsed}
            onToggleDesktop={() => {
              setDesktopCollapsed((collapsed) => !collapsed);
            }}
          />
        </AppShell.Header>
        <AppShell.Navbar id="main-menu" aria-label="Menú principal" className="no-print">
          {(!phone || menuDrawn) && <Sidebar onNavigate={closeMobile} />}
        </AppShell.Navbar>
        <AppShell.Main id="contenido" tabIndex={-1} style={{ outline: 'none' }}>
          <Outlet />
        </AppShell.Main>
        <AppShell.Footer className="no-print">
          <BottomBar />
        </AppShell.Footer>
      </AppShell>
    </ShellProviders>
  );
}
