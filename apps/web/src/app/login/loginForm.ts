/** The login form's two fields and their rules (the page keeps antd Form out of its bundle). */
export type LoginValues = { username: string; password: string };
export type LoginField = keyof LoginValues;
export type LoginErrors = Partial<Record<LoginField, string>>;

const messages: Record<LoginField, string> = { username: '请输入用户名', password: '请输入密码' };

/** The message for one field, '' when valid: the user name must not be blank, the password not empty. */
export const loginFieldError = (field: LoginField, value: string) => {
  const empty = field === 'username' ? value.trim() === '' : value === '';
  return empty ? messages[field] : '';
};

/** Every field's message, only the failing ones. */
export const validateLogin = (values: LoginValues): LoginErrors => {
  const errors: LoginErrors = {};
  for (const field of ['username', 'password'] as const) {
    const msg = loginFieldError(field, values[field]);
    if (msg) errors[field] = msg;
  }
  return errors;
};
