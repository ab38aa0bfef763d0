// The LAN scoreboard's address (with its token) as a QR code image, drawn by the `qrcode` package as a data: URL.
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

export function QrCode({ text, size = 240 }: { readonly text: string; readonly size?: number }) {
  const [image, setImage] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(text, { width: size, margin: 2, errorCorrectionLevel: 'M' })
      .then((url) => live && setImage(url))
      .catch((error: unknown) => live && setProblem((error as Error).message));
    return () => {
      live = false;
    };
  }, [text, size]);
  if (problem !== null) return <p className="error">QR code failed: {problem}</p>;
  if (image === null) return <p>Drawing QR code…</p>;
  return <img className="qr" src={image} width={size} height={size} alt={`QR code for ${text}`} />;
}
