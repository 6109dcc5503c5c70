import { Center, Loader } from '@mantine/core';

export function PageLoader() {
  return (
    <Center mih="50vh" role="status" aria-label="Cargando">
      <Loader />
    </Center>
  );
}
