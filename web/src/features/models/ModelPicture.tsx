import { Icon } from '../icons/Icon';
import { useFixedLink } from '../links/useLink';
import './models.css';

/**
 * A vessel model's picture (`/api/files/…`), loaded with a link key as every picture an <img>
 * loads (docs/decisions.md, "Link keys"): the session key never goes into the URL. A model
 * without one, or while the key is on its way, shows a drawn boat in the same place.
 */
export function ModelPicture({ url, size = 'small', alt = '' }: { url: string | null | undefined; size?: 'small' | 'large'; alt?: string }) {
  const src = useFixedLink(url ?? null);
  return (
    <span className={`model-picture model-picture--${size}`} data-testid="model-picture">
      {src ? (
        <img src={src} alt={alt} loading="lazy" />
      ) : (
        <span className="model-picture__placeholder" aria-hidden="true">
          <Icon name="boat" size={size === 'large' ? 48 : 20} />
        </span>
      )}
    </span>
  );
}
