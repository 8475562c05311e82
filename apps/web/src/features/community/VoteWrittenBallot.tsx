import { Button, Form, Input, Radio, Select } from 'antd';
import { useEffect, useState } from 'react';
import { voteApi, type VoteView, type VoteVoterOption } from '@5a/contracts/endpoints/community';
import { call, callMsg } from '../../api/call.ts';
import { ActionDialog } from '../../engine/dialog/ActionDialog.tsx';
import { voterChoices } from './voteLogic.ts';

type Values = { voter: number | 'dev'; optionId: number; remark?: string };

const WrittenForm = ({ vote, onClose, onDone }: { vote: VoteView; onClose: () => void; onDone: () => void }) => {
  const [form] = Form.useForm<Values>();
  const [name, setName] = useState('');
  const [voters, setVoters] = useState<{ list: VoteVoterOption[]; developer_units: number }>({
    list: [],
    developer_units: 0,
  });
  useEffect(() => {
    // typed names are looked up once the typing pauses
    const timer = window.setTimeout(() => {
      void call(voteApi.voters, { id: vote.id, name }, { silent: true }).then(setVoters);
    }, 250);
    return () => window.clearTimeout(timer);
  }, [vote.id, name]);
  return (
    <ActionDialog
      title="录入书面表决"
      form={form}
      send={(v) => callMsg(voteApi.written, { id: vote.id, ...v })}
      success={(r) => r.msg}
      onClose={onClose}
      onDone={onDone}
    >
      <Form form={form} layout="vertical" data-testid="vote-written-form">
        <Form.Item
          name="voter"
          label="投票人"
          data-testid="form-item-voter"
          rules={[{ required: true, message: '请选择投票人' }]}
        >
          <Select
            showSearch
            filterOption={false}
            onSearch={setName}
            placeholder="输入姓名查找业主"
            options={voterChoices(voters.list, voters.developer_units)}
          />
        </Form.Item>
        <Form.Item name="optionId" label="表决意见" rules={[{ required: true, message: '请选择投票选项' }]}>
          <Radio.Group options={vote.votOptions.map((o) => ({ value: o.id, label: o.text }))} />
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={[{ max: 200, message: '备注 不能超过200个字符' }]}>
          <Input.TextArea rows={2} placeholder="如：纸质表决票编号、建设单位盖章文件" />
        </Form.Item>
      </Form>
    </ActionDialog>
  );
};

/**
 * 录入书面表决: a paper ballot an owner handed in, or the developer's written vote for its units without an owner;
 * entered by staff while the vote is open (it counts as the owner's own, and his later vote on the phone changes it).
 */
export const WrittenBallotButton = ({ vote, onDone }: { vote: VoteView; onDone: () => void }) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="vote-written-open" style={{ float: 'right', marginRight: 8 }}>
        录入书面表决
      </Button>
      {open ? <WrittenForm vote={vote} onClose={() => setOpen(false)} onDone={onDone} /> : null}
    </>
  );
};
