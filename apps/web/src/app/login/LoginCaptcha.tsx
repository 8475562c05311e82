import { useEffect, useState } from 'react';
import { getCaptcha } from '../../api/endpoints.ts';

type Props = {
  /** a new picture each time this changes (each captcha answers one try) */
  refresh: number;
  ticket: string;
  error: string | undefined;
  onTicket: (ticket: string) => void;
  /** the shown picture's id; '' while none is loaded */
  onRandstr: (randstr: string) => void;
};

/**
 * The image captcha the login asks for after failed tries: loaded only then (its own chunk), the picture
 * fetched from the server, which alone knows the answer.
 */
export const LoginCaptcha = ({ refresh, ticket, error, onTicket, onRandstr }: Props) => {
  const [image, setImage] = useState('');
  const [again, setAgain] = useState(0);
  const [loadError, setLoadError] = useState('');

  useEffect(() => {
    let live = true;
    onRandstr('');
    getCaptcha().then(
      (c) => {
        if (!live) return;
        setImage(c.image);
        setLoadError('');
        onRandstr(c.randstr);
      },
      (e: unknown) => live && setLoadError(e instanceof Error ? e.message : '验证码加载失败'),
    );
    return () => {
      live = false;
    };
  }, [refresh, again, onRandstr]);

  const shown = error || loadError;
  return (
    <div className={shown ? 'login-field login-field-invalid' : 'login-field'}>
      <div className="login-captcha">
        <span className="login-input login-captcha-input">
          <input
            className="login-input-control"
            placeholder="请输入验证码"
            data-testid="login-captcha"
            autoComplete="off"
            inputMode="numeric"
            maxLength={8}
            value={ticket}
            onChange={(e) => onTicket(e.target.value)}
            aria-invalid={Boolean(error)}
            aria-describedby={shown ? 'login-ticket-error' : undefined}
          />
        </span>
        <button
          type="button"
          className="login-captcha-image"
          title="看不清？换一张"
          aria-label="看不清？换一张"
          data-testid="login-captcha-refresh"
          onClick={() => setAgain((n) => n + 1)}
        >
          {image ? <img src={image} alt="验证码" data-testid="login-captcha-image" width={120} height={40} /> : null}
        </button>
      </div>
      {shown ? (
        <div className="login-field-error" id="login-ticket-error" role="alert">
          {shown}
        </div>
      ) : null}
    </div>
  );
};
