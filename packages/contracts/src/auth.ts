import { z } from 'zod';
import { loginKinds, passwordRule, passwordRuleMsg } from './auth-rules.ts';

// The plain values live in auth-rules.ts (no zod) so the web bundle does not pull zod in for them.
export * from './auth-rules.ts';

export const loginRequestSchema = z.object({
  user_name: z.string({ error: '请输入用户名' }).trim().min(1, '请输入用户名').max(64, '用户名过长'),
  user_password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(1024, '密码格式错误'),
  timestamp: z.coerce.number({ error: 'timestamp 格式错误' }).int('timestamp 格式错误'),
  form_id: z.string({ error: 'form_id 不能为空' }).min(8, 'form_id 格式错误').max(64, 'form_id 格式错误'),
  /** the captcha's id (Passport/User/Login/captcha) and the user's answer, once the login asked for one */
  randstr: z.string({ error: 'randstr 格式错误' }).max(64, 'randstr 格式错误').optional(),
  ticket: z.string({ error: '验证码格式错误' }).trim().max(16, '验证码格式错误').optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginDataSchema = z.object({
  userId: z.number(),
  token: z.string(),
  urlToken: z.string(),
  documentServer: z.string(),
  iotServer: z.string(),
  theme: z.string(),
  kind: z.enum(loginKinds),
  super: z.boolean(),
  /** the password was set by the platform or operator: the user must choose his own before anything else */
  mustChangePassword: z.boolean().optional(),
});
export type LoginData = z.infer<typeof loginDataSchema>;

export const captchaSchema = z.object({ randstr: z.string(), image: z.string() });
export type Captcha = z.infer<typeof captchaSchema>;

export const userInfoSchema = z.object({
  id: z.number(),
  name: z.string(),
  user_name: z.string(),
  kind: z.enum(loginKinds),
  super: z.boolean(),
  theme: z.string(),
  tenantName: z.string().nullable(),
  indexModule: z.array(z.string()),
  mustChangePassword: z.boolean().optional(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** User settings. Password fields only when the new password is non-empty. */
export const userEditSchema = z
  .object({
    name: z.string({ error: '用户昵称不能为空' }).trim().min(1, '用户昵称不能为空').max(32, '用户昵称不能超过32个字符'),
    old_password: z.string().optional(),
    user_password: z.string().optional(),
    re_password: z.string().optional(),
    isAdmin: z.union([z.boolean(), z.number(), z.string()]).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.user_password && !v.re_password) return;
    if (v.user_password !== v.re_password)
      ctx.addIssue({ code: 'custom', path: ['re_password'], message: '两次密码输入不一致' });
    if (!v.old_password) ctx.addIssue({ code: 'custom', path: ['old_password'], message: '旧密码不能为空' });
    if (v.user_password && !passwordRule.test(v.user_password))
      ctx.addIssue({ code: 'custom', path: ['user_password'], message: passwordRuleMsg });
  });
export type UserEdit = z.infer<typeof userEditSchema>;

export const themeSchema = z.object({ theme: z.string().trim().min(1, '主题不能为空').max(32, '主题名称过长') });

export const siteInfoSchema = z.object({ copyright: z.string(), title: z.string(), version: z.string() });
export type SiteInfo = z.infer<typeof siteInfoSchema>;
