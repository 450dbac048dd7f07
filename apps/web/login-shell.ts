/**
 * The sign-in pages vite.config.ts writes beside index.html with the page's static markup (login-shell.html):
 * the heading and the link to the other sign-in page differ. The server sends them for /login,
 * /company/login (login.html) and /employee/login (apps/server/src/app.ts).
 */
export const LOGIN_SHELL_PAGES = [
  {
    file: 'login.html',
    title: '管理者・企業ログイン',
    switchHref: '/employee/login',
    switchLabel: '従業員の方はこちら',
  },
  {
    file: 'employee-login.html',
    title: '従業員ログイン',
    switchHref: '/login',
    switchLabel: '管理者・企業の方はこちら',
  },
] as const;
