import { useEffect, useState } from "react";

/**
 * A chosen file as an address an `<img>` can show before anything is uploaded (docs/back-office.md, Photos): an
 * object URL, revoked when another file is chosen or the form closes, so a morning of edits keeps no photos alive.
 */
export function usePhotoPreview(file: File | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!file) {
      setUrl(undefined);
      return;
    }
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}
