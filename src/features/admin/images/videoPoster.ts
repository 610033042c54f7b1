// The poster of an MP4 the owner uploads: its first frame, drawn by the browser that already
// decodes the video (the server has no video decoder: see README, Images and videos).

/** Resolves with a JPEG of the video's first frame; rejects when the browser cannot decode it. */
export function firstFrame(file: Blob, timeoutMs = 15_000): Promise<Blob> {
  const url = URL.createObjectURL(file);
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  let timer: ReturnType<typeof setTimeout> | undefined;
  return new Promise<Blob>((resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
    const fail = () => reject(new Error('undecodable'));
    video.addEventListener('error', fail, { once: true });
    // A frame a little after the start: the very first one is often black after a fade-in cut.
    const seek = () => {
      video.currentTime = Math.min(0.1, video.duration / 2 || 0);
    };
    video.addEventListener('loadeddata', seek, { once: true });
    video.addEventListener(
      'seeked',
      () => {
        const canvas = document.createElement('canvas');
        canvas.width = video.videoWidth;
        canvas.height = video.videoHeight;
        const context = canvas.getContext('2d');
        if (!context || canvas.width === 0) return fail();
        context.drawImage(video, 0, 0);
        canvas.toBlob((blob) => (blob ? resolve(blob) : fail()), 'image/jpeg', 0.9);
      },
      { once: true },
    );
    video.src = url;
  }).finally(() => {
    clearTimeout(timer);
    URL.revokeObjectURL(url);
    video.removeAttribute('src');
    video.load();
  });
}
