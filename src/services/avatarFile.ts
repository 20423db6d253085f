/** Reads a chosen avatar file as a data URL (the upload sends images as data URLs in JSON). */
export function avatarAsDataUrl(file: unknown): Promise<string> {
  if (!(file instanceof Blob)) return Promise.reject(new Error('not a file'));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}
