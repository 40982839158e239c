import { Center, Loader } from '@mantine/core';

/**
 * Shown while the first translations or the session load; it has no text because the texts are what
 * is loading. Screen readers get the page's busy state.
 */
export function FullPageLoader() {
  return (
    <Center h="100dvh" aria-busy="true">
      <Loader type="dots" />
    </Center>
  );
}
