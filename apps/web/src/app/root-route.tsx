import { Box, Progress } from '@mantine/core';
import { useEffect } from 'react';
import { Outlet, useNavigate, useNavigation } from 'react-router';
import { paths } from '../config/paths';
import { toast } from '../components/toast';
import { usePageTitle } from '../components/use-page-title';
import { setUnauthorizedHandler } from '../lib/api-client';
import { usePublicSettings } from '../lib/public-settings';
import { useSessionCheck } from './use-session-check';

/** The root of every route: session check, 401 handling, document title and a progress bar while a screen loads. */
export function RootRoute() {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const title = usePageTitle();
  const { appName } = usePublicSettings();

  useSessionCheck();

  useEffect(() => {
    setUnauthorizedHandler((message) => {
      if (message) toast.sessionEnded(message);
      void navigate(paths.login, { replace: true });
    });
  }, [navigate]);

  useEffect(() => {
    document.title = title ? `${title} | ${appName}` : appName;
  }, [title, appName]);

  return (
    <>
      {navigation.state === 'loading' && (
        <Box pos="fixed" top={0} left={0} right={0} style={{ zIndex: 1000 }} aria-hidden="true">
          <Progress value={100} animated size="xs" radius={0} />
        </Box>
      )}
      <Outlet />
    </>
  );
}
