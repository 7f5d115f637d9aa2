/**
 * Admin image picker: upload a JPG, PNG or WebP up to 5 MB, or paste a URL that the
 * server checks with a HEAD request. The browser pre-checks type and size for a quick answer; the
 * server decides by the bytes.
 */
import { IMAGE_MESSAGES } from '@meatshop/shared/admin-catalog';
import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '@meatshop/shared/constants';
import { ImagePlus, Link2, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { checkImageUrl, type ImageKind, uploadImage } from '../api/catalog';

interface ImagePickerProps {
  kind: ImageKind;
  value: string[];
  onChange: (urls: string[]) => void;
  max?: number;
}

export function ImagePicker({ kind, value, onChange, max = 6 }: ImagePickerProps) {
  const inputId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [url, setUrl] = useState('');
  const [checking, setChecking] = useState(false);
  const full = value.length >= max;

  async function onFile(file: File | undefined) {
    if (!file) return;
    if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return void toast.error(IMAGE_MESSAGES.invalidType);
    if (file.size > IMAGE_MAX_BYTES) return void toast.error(IMAGE_MESSAGES.tooLarge);
    setUploading(true);
    try {
      const res = await uploadImage(file, kind);
      onChange([...value, res.url]);
      toast.success('Image uploaded successfully');
    } catch (err) {
      if (err instanceof ApiError && err.code === 'UNSUPPORTED_MEDIA_TYPE') toast.error(IMAGE_MESSAGES.invalidType);
      else if (err instanceof ApiError && err.code === 'PAYLOAD_TOO_LARGE') toast.error(IMAGE_MESSAGES.tooLarge);
      else toast.error('Failed to upload image');
    } finally {
      setUploading(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  }

  async function addUrl() {
    if (!url.trim()) return;
    setChecking(true);
    try {
      const res = await checkImageUrl(url.trim());
      onChange([...value, res.url]);
      setUrl('');
    } catch {
      toast.error(IMAGE_MESSAGES.invalidUrl);
    } finally {
      setChecking(false);
    }
  }

  return (
    <div className="space-y-3">
      {value.length ? (
        <ul className="flex flex-wrap gap-2">
          {value.map((src, i) => (
            <li key={src} className="relative">
              <img
                src={src}
                alt={`Selected ${i + 1}`}
                className="size-20 rounded-lg border border-line object-cover"
                onError={() => toast.error('Failed to load image')}
              />
              <button
                type="button"
                onClick={() => onChange(value.filter((v) => v !== src))}
                className="absolute -top-2 -right-2 inline-flex size-6 items-center justify-center rounded-full bg-ink text-white"
                aria-label={`Remove image ${i + 1}`}
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          ref={fileRef}
          id={inputId}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="sr-only"
          onChange={(e) => void onFile(e.target.files?.[0])}
          disabled={uploading || full}
          aria-label="Upload image"
        />
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => fileRef.current?.click()}
          pending={uploading}
          pendingText="Uploading..."
          disabled={full}
        >
          <ImagePlus className="size-4" aria-hidden="true" />
          Upload image
        </Button>
        <div className="flex flex-1 gap-2">
          <Input
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="or paste an image URL"
            aria-label="Image URL"
            className="h-9 text-sm"
            disabled={full}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void addUrl();
              }
            }}
          />
          <Button type="button" variant="outline" size="sm" onClick={() => void addUrl()} pending={checking} disabled={full || !url.trim()}>
            <Link2 className="size-4" aria-hidden="true" />
            Add
          </Button>
        </div>
      </div>
      <p className="text-xs text-muted">JPG, PNG or WebP, up to 5 MB.</p>
    </div>
  );
}
