import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { getSiteInfo } from '../../api/endpoints.ts';
import { useEnvStore } from '../../store/env.ts';
import { lazyDialog } from '../settings/lazyDialog.tsx';
import { Clock } from './Clock.tsx';

const linkTexts = {
  help: { title: '帮助', body: '如需帮助，请联系您的物业管理员或平台客服。' },
  privacy: { title: '隐私', body: '我们仅为提供物业管理服务而处理您的账号信息，不会向无关第三方提供。' },
  terms: { title: '条款', body: '使用本系统即表示您同意遵守平台服务条款及相关法律法规。' },
} as const;
type LinkKey = keyof typeof linkTexts;

// with antd's providers around it: the login page itself renders no antd
const EnvDialog = lazyDialog(() =>
  Promise.all([import('../settings/EnvDialog.tsx'), import('../AppProviders.tsx')]).then(
    ([{ EnvDialog: Dialog }, { AppProviders }]) =>
      (p: { open: boolean; onClose: () => void }) => (
        <AppProviders bridge={false}>
          <Dialog {...p} />
        </AppProviders>
      ),
  ),
);
// antd's Modal (with its skeleton and dialog) only once a link is clicked
const LinkDialog = lazy(() => import('./LinkDialog.tsx').then((m) => ({ default: m.LinkDialog })));

type SiteInfo = Awaited<ReturnType<typeof getSiteInfo>>;

/** The copyright line, read again when the environment's base address changes (no query cache on this page). */
const useSiteInfo = (baseUrl: string) => {
  const [site, setSite] = useState<SiteInfo | null>(null);
  useEffect(() => {
    let live = true;
    getSiteInfo().then(
      (s) => live && setSite(s),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [baseUrl]);
  return site;
};

/** A link-looking button (Typography.Link and Space would bring more of antd into the login page's JS). */
const FooterLink = ({ testId, onClick, children }: { testId: string; onClick: () => void; children: ReactNode }) => (
  <button type="button" className="login-link" data-testid={testId} onClick={onClick}>
    {children}
  </button>
);

/** Login footer: site copyright (getSiteInfo), a 1 s clock, help / privacy / terms, environment. */
export const LoginFooter = () => {
  const baseUrl = useEnvStore((s) => s.baseUrl);
  const site = useSiteInfo(baseUrl);
  const [shown, setShown] = useState<LinkKey | null>(null);
  const [linkWanted, setLinkWanted] = useState(false);
  if (shown && !linkWanted) setLinkWanted(true);
  const [envOpen, setEnvOpen] = useState(false);
  const link = (key: LinkKey) => (
    <FooterLink testId={`login-link-${key}`} onClick={() => setShown(key)}>
      {linkTexts[key].title}
    </FooterLink>
  );
  return (
    <footer className="login-footer">
      <nav className="login-links">
        {link('help')}
        <span className="login-sep">|</span>
        {link('privacy')}
        <span className="login-sep">|</span>
        {link('terms')}
        <span className="login-sep">|</span>
        <FooterLink testId="env-settings-link" onClick={() => setEnvOpen(true)}>
          环境设置
        </FooterLink>
      </nav>
      <div className="login-footer-line">
        <span data-testid="login-copyright">{site?.copyright ?? ''}</span>
        {site?.version ? <span> · v{site.version}</span> : null}
      </div>
      <div className="login-footer-line">
        <Clock />
      </div>
      {linkWanted ? (
        <Suspense fallback={null}>
          <LinkDialog
            open={shown !== null}
            title={shown ? linkTexts[shown].title : ''}
            body={shown ? linkTexts[shown].body : ''}
            onClose={() => setShown(null)}
          />
        </Suspense>
      ) : null}
      <EnvDialog open={envOpen} onClose={() => setEnvOpen(false)} />
    </footer>
  );
};
