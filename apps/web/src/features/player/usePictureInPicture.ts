import { useEffect, useState, type RefObject } from 'react';

/** Picture-in-picture of the video, where the browser offers it (document.pictureInPictureEnabled). */
export function usePictureInPicture(videoRef: RefObject<HTMLVideoElement | null>) {
  const [active, setActive] = useState(false);
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return undefined;
    const enter = () => {
      setActive(true);
    };
    const leave = () => {
      setActive(false);
    };
    video.addEventListener('enterpictureinpicture', enter);
    video.addEventListener('leavepictureinpicture', leave);
    return () => {
      video.removeEventListener('enterpictureinpicture', enter);
      video.removeEventListener('leavepictureinpicture', leave);
      // Leaving the page leaves picture-in-picture too: the window would show a video that is gone.
      if (document.pictureInPictureElement === video) void document.exitPictureInPicture();
    };
  }, [videoRef]);
  return {
    available: 'pictureInPictureEnabled' in document && document.pictureInPictureEnabled,
    active,
    toggle: () => {
      const video = videoRef.current;
      if (!video) return;
      if (document.pictureInPictureElement === video) void document.exitPictureInPicture();
      else void video.requestPictureInPicture();
    },
  };
}
