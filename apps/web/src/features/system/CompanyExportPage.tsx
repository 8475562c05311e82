import { DownloadOutlined, ExportOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Progress, Space } from 'antd';
import { Code } from '@5a/contracts';
import { companyExportApi, type CompanyExportStatus } from '@5a/contracts/endpoints/company-export';
import type { PageProps } from '../../app/pages/pageTypes.ts';
import { call, callMsg } from '../../api/call.ts';
import { ApiError } from '../../api/http.ts';
import { getCookie } from '../../lib/storage.ts';
import { useEnvStore } from '../../store/env.ts';
import { downloadHref, isRunning, progressLine, sizeText } from './companyExport.ts';

const KEY = ['company-export'];
const POLL_MS = 1000;

/**
 * 数据导出: the company's super administrator packs every table the company owns (one CSV each) into a zip. The
 * server's job writes it; the page polls the run's progress and, when it is done, links the zip.
 */
export const CompanyExportPage = (_props: PageProps) => {
  const client = useQueryClient();
  const { message } = App.useApp();
  const baseUrl = useEnvStore((s) => s.baseUrl);
  const status = useQuery({
    queryKey: KEY,
    // polled: a failed read shows below, not as a toast each second
    queryFn: () => call(companyExportApi.status, {}, { silent: true }),
    refetchInterval: (q) => (isRunning(q.state.data) ? POLL_MS : false),
    retry: false,
  });
  const start = useMutation({
    mutationFn: () => callMsg(companyExportApi.start, {}),
    // the server says whether this began a run or found one under way (another tab, another click)
    onSuccess: ({ data, msg }) => {
      client.setQueryData<CompanyExportStatus | null>(KEY, data);
      void message.info(msg);
    },
  });
  const run = status.data ?? null;
  const running = isRunning(run) || start.isPending;
  const refused = status.error instanceof ApiError && status.error.code === Code.forbidden;

  if (refused)
    return (
      <div style={{ padding: 16 }}>
        <Alert type="warning" showIcon message="仅物业公司的超级管理员可以导出全部数据" />
      </div>
    );

  return (
    <div style={{ padding: 16 }}>
      <Card title="导出全部数据">
        <Space direction="vertical" size="middle" style={{ width: '100%', maxWidth: 720 }}>
          <div>
            将本公司的全部数据打包为一个 zip 文件：每张数据表一个 CSV 文件（UTF-8 编码，Excel 可直接打开），并附清单
            manifest.json（各表行数与列）。密码、密钥、令牌等机密字段不导出；每次导出都记入操作日志。
          </div>
          {status.error && !refused ? (
            <Alert type="error" showIcon message={`读取导出进度失败：${status.error.message}`} />
          ) : null}
          <Button
            type="primary"
            icon={<ExportOutlined />}
            loading={running}
            disabled={status.isLoading}
            onClick={() => start.mutate()}
            data-testid="company-export-start"
          >
            {running ? '正在导出' : '开始导出'}
          </Button>
          {run && isRunning(run) ? (
            <div data-testid="company-export-progress">
              <Progress percent={run.percent} status="active" format={(p) => `${p ?? 0}%`} />
              <div>{progressLine(run)}</div>
            </div>
          ) : null}
          {run?.state === 'failed' ? (
            <Alert type="error" showIcon message={run.note} data-testid="company-export-error" />
          ) : null}
          {run?.state === 'completed' ? (
            <div data-testid="company-export-done">
              <Progress percent={100} format={() => '100%'} />
              <Space direction="vertical">
                <div>
                  {run.finished_at} 导出完成：{run.tables} 张表，共 {run.rows} 行
                  {run.url ? `，${sizeText(run.size)}` : ''}
                </div>
                {run.url ? (
                  <Button
                    icon={<DownloadOutlined />}
                    href={downloadHref(baseUrl, run.url, getCookie('urlToken'))}
                    download={run.file_name}
                    data-testid="company-export-download"
                  >
                    下载 {run.file_name}
                  </Button>
                ) : (
                  <Alert type="info" showIcon message={run.note} />
                )}
              </Space>
            </div>
          ) : null}
        </Space>
      </Card>
    </div>
  );
};
