/**
 * nginx as the measuring scripts run it (bench's static baseline, lighthouse's no-script
 * limit): found on the PATH or in /usr/sbin, one worker in the foreground, its default
 * access log to a file, every temporary path inside the script's own directory.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'

export const nginxPath =
  Bun.which('nginx') ?? Bun.which('nginx', { PATH: '/usr/sbin:/usr/local/sbin' })

/** A quoted nginx string. */
export const nginxQuote = (value: string) =>
  `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`

/** The whole configuration: one server on `port` serving `dir`, with these locations and `http` directives. */
export function nginxConfig(options: {
  dir: string
  port: number
  locations: string[]
  /** More directives of the `http` block (tuning), one a line. */
  http?: string[]
}): string {
  const { dir, port } = options
  const temp = join(dir, 'nginx-temp')
  mkdirSync(temp, { recursive: true })
  const http = ['sendfile on;', 'server_tokens off;', ...(options.http ?? [])]
  return `daemon off;
master_process off;
worker_processes 1;
error_log stderr error;
pid ${join(dir, 'nginx.pid')};
events { worker_connections 1024; }
http {
  access_log ${join(dir, 'access.log')};
${http.map((line) => `  ${line}`).join('\n')}
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${dir};
${options.locations.join('\n')}
  }
}
`
}
