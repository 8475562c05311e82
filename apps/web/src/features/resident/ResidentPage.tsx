import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  residentApi,
  type ResidentAction,
  type ResidentHome,
  type ResidentModuleKey,
} from '@5a/contracts/endpoints/resident';
import { Alert, App, Button, Empty } from 'antd';
import { useState } from 'react';
import { Bills } from './Bills.tsx';
import { Home } from './Home.tsx';
import { Busy, Screen } from './Layout.tsx';
import { homeOf, moduleTitle } from './logic.ts';
import { Neighbour } from './Neighbour.tsx';
import { errorText, rcall } from './publicApi.ts';
import { QuestionnaireForm, Questionnaires } from './Questionnaires.tsx';
import { Repair } from './Repair.tsx';
import { clearResidentToken, useResidentToken } from './session.ts';
import { SignIn } from './SignIn.tsx';
import { useOneTimeLink } from './useLink.ts';
import { Votes } from './Votes.tsx';

/** a module's screen, acting as the chosen home (its person row) */
const ModuleBody = ({ module, home }: { module: ResidentModuleKey; home: ResidentHome }) => {
  switch (module) {
    case 'questionnaire':
      return <Questionnaires personId={home.person_id} />;
    case 'vote':
      return <Votes personId={home.person_id} />;
    case 'neighbour':
      return <Neighbour personId={home.person_id} />;
    case 'bill':
      return <Bills />;
    case 'repair':
      return <Repair personId={home.person_id} />;
  }
};

/** a one-time link's session: the one thing it was sent for, nothing else */
const LinkedBody = ({ action, target, home }: { action: ResidentAction; target: number; home: ResidentHome }) => {
  if (action === 'questionnaire') return <QuestionnaireForm personId={home.person_id} id={target} />;
  if (action === 'vote') return <Votes personId={home.person_id} only={target} />;
  return <Bills />;
};

const Signed = ({ token, notice }: { token: string; notice: string }) => {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [personId, setPersonId] = useState<number | null>(null);
  const [screen, setScreen] = useState<ResidentModuleKey | null>(null);
  const me = useQuery({
    queryKey: ['resident', 'me', token],
    queryFn: () => rcall(residentApi.me, {}),
    retry: false,
  });

  const logout = async () => {
    await rcall(residentApi.logout, {}).catch(() => null);
    clearResidentToken();
    client.removeQueries({ queryKey: ['resident'] });
    void message.success('已退出登录');
  };
  const out = (
    <Button size="small" onClick={() => void logout()} data-testid="resident-logout">
      退出登录
    </Button>
  );

  if (me.error)
    return (
      <Screen title="住户服务" extra={out}>
        <Alert type="error" showIcon title={errorText(me.error, '加载失败')} style={{ marginBottom: 12 }} />
        <Button block onClick={() => void me.refetch()}>
          重试
        </Button>
      </Screen>
    );
  if (!me.data) return <Busy />;
  const data = me.data;
  const home = homeOf(data.homes, personId);
  const noticeBar = notice ? (
    <Alert type="error" showIcon title={notice} style={{ marginBottom: 12 }} data-testid="resident-notice" />
  ) : null;

  if (!home)
    return (
      <Screen title={data.company || '住户服务'} extra={out}>
        <Empty description="没有已登记的房屋，请联系物业" />
      </Screen>
    );
  if (data.action && data.target_id !== null)
    return (
      <Screen title={moduleTitle(data.action)} extra={out}>
        <div style={{ color: '#888', marginBottom: 8 }} data-testid="resident-linked">
          {data.company} · {home.village_name} {home.address}
        </div>
        <LinkedBody action={data.action} target={data.target_id} home={home} />
      </Screen>
    );
  if (screen)
    return (
      <Screen title={moduleTitle(screen)} onBack={() => setScreen(null)}>
        <ModuleBody key={`${screen}-${home.person_id}`} module={screen} home={home} />
      </Screen>
    );
  return (
    <Screen title={data.company} extra={out}>
      {noticeBar}
      <Home me={data} home={home} onHome={setPersonId} onOpen={setScreen} />
    </Screen>
  );
};

/**
 * /h5 (public, phone): the resident's own page. He signs in with a texted code, or a one-time link signs him in for
 * one action (`?link=`); then his homes and what their villages offer: questionnaires, votes, the neighbours'
 * circle, his bills and repairs.
 */
export const ResidentPage = () => {
  const token = useResidentToken();
  const link = useOneTimeLink();
  if (link.busy) return <Busy text="正在打开链接" />;
  if (!token) return <SignIn notice={link.error} />;
  return <Signed token={token} notice={link.error} />;
};
