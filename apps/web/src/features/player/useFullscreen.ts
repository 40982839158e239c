import { useEffect, useState, type RefObject } from 'react';

/** Full screen of the player's root (F), where the browser offers it. */
export function useFullscreen(rootRef: RefObject<HTMLElement | null>) {
  const [active, setActive] = useState(false);
  useEffect(() => {
    const sync = () => {
      setActive(document.fullscreenElement !== null && document.fullscreenElement === rootRef.current);
    };
    document.addEventListener('fullscreenchange', sync);
    return () => {
      document.removeEventListener('fullscreenchange', sync);
    };
  }, [rootRef]);
  return {
    available: document.fullscreenEnabled,
    active,
    toggle: () => {
      const root = rootRef.current;
      if (!root || !document.fullscreenEnabled) return;
      if (document.fullscreenElement === root) void document.exitFullscreen();
      else void root.requestFullscreen();
    },
  };
}
