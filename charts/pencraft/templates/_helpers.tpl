{{/*
Named helpers shared by every template: names, labels, images, the effective settings of a component, the
environment of a service, and the checks that fail the render when values contradict each other.
*/}}

{{- define "pencraft.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "pencraft.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{- define "pencraft.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Objects of one component are named <fullname>-<component>. Args: root, name. */}}
{{- define "pencraft.componentName" -}}
{{- printf "%s-%s" (include "pencraft.fullname" .root) .name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Labels on every object of the release. */}}
{{- define "pencraft.labels" -}}
helm.sh/chart: {{ include "pencraft.chart" . }}
app.kubernetes.io/name: {{ include "pencraft.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: pencraft
{{- with .Values.commonLabels }}
{{ toYaml . }}
{{- end }}
{{- end -}}

{{/* Labels that select the pods of one component. Args: root, name. */}}
{{- define "pencraft.selectorLabels" -}}
app.kubernetes.io/name: {{ include "pencraft.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .name }}
{{- end -}}

{{/* Labels of one component's objects. Args: root, name, c (effective settings). */}}
{{- define "pencraft.componentLabels" -}}
{{ include "pencraft.labels" .root }}
app.kubernetes.io/component: {{ .name }}
app.kubernetes.io/version: {{ include "pencraft.imageVersion" .c.image | quote }}
{{- end -}}

{{/* The version label of an image: its tag, or the digest when only a digest pins it. */}}
{{- define "pencraft.imageVersion" -}}
{{- if .tag -}}
{{- toString .tag | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- .digest | trimPrefix "sha256:" | trunc 12 -}}
{{- end -}}
{{- end -}}

{{/* Full image reference: [registry/]repository:tag[@digest]. Args: root, image. */}}
{{- define "pencraft.image" -}}
{{- $registry := default .root.Values.global.imageRegistry .image.registry -}}
{{- $ref := .image.repository -}}
{{- if $registry -}}
{{- $ref = printf "%s/%s" (trimSuffix "/" $registry) $ref -}}
{{- end -}}
{{- if .image.tag -}}
{{- $ref = printf "%s:%s" $ref (toString .image.tag) -}}
{{- end -}}
{{- if .image.digest -}}
{{- $ref = printf "%s@%s" $ref .image.digest -}}
{{- end -}}
{{- $ref -}}
{{- end -}}

{{/*
Deep merge of src into dst, in place. Unlike sprig's merge, an explicit false, 0 or "" in src wins, so a component
can switch off what the defaults switch on. Args: dst, src.
*/}}
{{- define "pencraft.mergeInto" -}}
{{- $dst := .dst -}}
{{- range $key, $value := .src -}}
{{- $current := get $dst $key -}}
{{- if and (kindIs "map" $value) (kindIs "map" $current) -}}
{{- $child := deepCopy $current -}}
{{- include "pencraft.mergeInto" (dict "dst" $child "src" $value) -}}
{{- $_ := set $dst $key $child -}}
{{- else -}}
{{- $_ := set $dst $key $value -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/*
The registry: the repository's system.json, which `make chart-registry` (run by make build) copies to
files/system.json, since Helm reads nothing outside the chart. Prints it. Args: root.
*/}}
{{- define "pencraft.registry" -}}
{{- $registry := .Files.Get "files/system.json" -}}
{{- if not $registry -}}
{{- fail "files/system.json is missing from the chart: run make chart-registry (it copies the repository's system.json there)" -}}
{{- end -}}
{{- $registry -}}
{{- end -}}

{{/*
Every service (the gateway included) and frontend of the registry, as JSON {"service": {name: block},
"frontend": {name: block}}: what system.json says of it (a service's ports, calls, schema and uses, a frontend's port,
path, mount and renderer), its image named after it, and over that its block of values (image tag, resources, env,
switches, ...), which wins key by key. A block of values the registry does not list fails the render.
Templates cannot return maps: include it and pipe it to fromJson. Args: root.
*/}}
{{- define "pencraft.components" -}}
{{- $root := . -}}
{{- $system := include "pencraft.registry" . | fromJson -}}
{{- $registered := dict "gateway" $system.gateway -}}
{{- range $name, $entry := $system.services -}}
{{- $_ := set $registered $name $entry -}}
{{- end -}}
{{- $services := dict -}}
{{- range $name, $entry := $registered -}}
{{- $uses := $entry.uses | default list -}}
{{- $ports := dict "http" $entry.httpPort "internal" $entry.internalPort -}}
{{- with $entry.grpcPort -}}
{{- $_ := set $ports "grpc" . -}}
{{- end -}}
{{- $block := dict "enabled" true "image" (dict "repository" (printf "pencraft/%s" $name) "tag" $root.Chart.AppVersion) "ports" $ports "calls" ($entry.calls | default list) "mail" (has "mail" $uses) "objectStore" (has "objectStore" $uses) "payments" (has "payments" $uses) -}}
{{- with $entry.schema -}}
{{- $_ := set $block "database" (dict "schema" .) -}}
{{- end -}}
{{- include "pencraft.mergeInto" (dict "dst" $block "src" (deepCopy (get $root.Values.services $name | default dict))) -}}
{{- $_ := set $services $name $block -}}
{{- end -}}
{{- $frontends := dict -}}
{{- range $name, $entry := $system.frontends -}}
{{- $block := dict "enabled" true "image" (dict "repository" (printf "pencraft/%s" $name) "tag" $root.Chart.AppVersion) "port" $entry.port "path" $entry.path -}}
{{- with $entry.mount -}}
{{- $_ := set $block "mount" . -}}
{{- end -}}
{{- with $entry.renderer -}}
{{- $_ := set $block "renderer" (dict "enabled" true "module" . "pages" ($entry.pages | default list)) -}}
{{- end -}}
{{- include "pencraft.mergeInto" (dict "dst" $block "src" (deepCopy (get $root.Values.frontends $name | default dict))) -}}
{{- $_ := set $frontends $name $block -}}
{{- end -}}
{{- range $kind, $pair := dict "services" (list $root.Values.services $services) "frontends" (list $root.Values.frontends $frontends) -}}
{{- range $name, $_ := index $pair 0 -}}
{{- if not (hasKey (index $pair 1) $name) -}}
{{- fail (printf "%s.%s is not in system.json, the registry of every service and frontend: add it there or remove its values" $kind $name) -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- toJson (dict "service" $services "frontend" $frontends) -}}
{{- end -}}

{{/*
Effective settings of one component: .Values.defaults overlaid with its block of "pencraft.components". Fills `out` in place (templates
cannot return maps). Args: root, name, kind ("service" | "frontend"), values, out.
*/}}
{{- define "pencraft.component" -}}
{{- $_ := set .out "name" .name -}}
{{- $_ := set .out "kind" .kind -}}
{{- include "pencraft.mergeInto" (dict "dst" .out "src" (deepCopy .root.Values.defaults)) -}}
{{- include "pencraft.mergeInto" (dict "dst" .out "src" (deepCopy .values)) -}}
{{- if eq .kind "frontend" -}}
{{- $_ := set .out "ports" (dict "http" .values.port) -}}
{{- $_ := set .out "staticRoot" (.values.staticRoot | default (printf "/app/frontends/%s/dist" .name)) -}}
{{- end -}}
{{- end -}}

{{/* Names of the enabled services, as a comma-separated string (for membership checks). Args: root. */}}
{{- define "pencraft.enabledServices" -}}
{{- $names := list -}}
{{- range $name, $svc := (include "pencraft.components" . | fromJson).service -}}
{{- if $svc.enabled -}}
{{- $names = append $names $name -}}
{{- end -}}
{{- end -}}
{{- join "," $names -}}
{{- end -}}

{{/* The enabled services that list `name` in their calls, comma-separated. Args: root, name. */}}
{{- define "pencraft.callers" -}}
{{- $target := .name -}}
{{- $callers := list -}}
{{- range $name, $svc := (include "pencraft.components" .root | fromJson).service -}}
{{- if and $svc.enabled (has $target ($svc.calls | default list)) -}}
{{- $callers = append $callers $name -}}
{{- end -}}
{{- end -}}
{{- join "," $callers -}}
{{- end -}}

{{/* Public origin of the site, for the gateway. Args: root, c. */}}
{{- define "pencraft.publicOrigin" -}}
{{- $api := .c.api | default dict -}}
{{- if $api.publicOrigin -}}
{{- $api.publicOrigin -}}
{{- else -}}
{{- printf "%s://%s" (ternary "https" "http" .root.Values.ingress.tls.enabled) .root.Values.ingress.host -}}
{{- end -}}
{{- end -}}

{{/* COOKIE_DOMAIN: the value, else the main host when publication subdomains are routed. Args: root, api. */}}
{{- define "pencraft.cookieDomain" -}}
{{- $ingress := .root.Values.ingress -}}
{{- if .api.cookieDomain -}}
{{- .api.cookieDomain -}}
{{- else if and $ingress.enabled $ingress.publicationWildcard -}}
{{- $ingress.host -}}
{{- end -}}
{{- end -}}

{{/* TRUST_PROXY_HOPS: the value, else one hop (the ingress controller) when the Ingress is on. Args: root, api. */}}
{{- define "pencraft.trustProxyHops" -}}
{{- if kindIs "invalid" .api.trustProxyHops -}}
{{- ternary 1 0 .root.Values.ingress.enabled -}}
{{- else -}}
{{- .api.trustProxyHops -}}
{{- end -}}
{{- end -}}

{{/* Secret and key that hold a service's DATABASE_URL. Args: root, name, c. Prints "secret/key". */}}
{{- define "pencraft.databaseSecretRef" -}}
{{- $db := .c.database -}}
{{- $secret := default .root.Values.postgresql.existingSecret $db.existingSecret -}}
{{- $key := default (printf "%s-database-url" .name) $db.secretKey -}}
{{- printf "%s/%s" $secret $key -}}
{{- end -}}

{{/* Environment of a service container (also used by its migration Job). Args: root, name, c. */}}
{{- define "pencraft.serviceEnv" -}}
{{- $root := .root -}}
{{- $c := .c -}}
- name: NODE_ENV
  value: {{ $root.Values.runtime.nodeEnv | quote }}
- name: OTEL_SERVICE_NAME
  value: {{ .name | quote }}
- name: LOG_LEVEL
  value: {{ $root.Values.runtime.logLevel | quote }}
- name: HTTP_PORT
  value: {{ $c.ports.http | quote }}
- name: INTERNAL_HTTP_PORT
  value: {{ $c.ports.internal | quote }}
{{- if $c.ports.grpc }}
- name: GRPC_PORT
  value: {{ $c.ports.grpc | quote }}
{{- end }}
- name: SHUTDOWN_GRACE_MS
  value: {{ $root.Values.runtime.shutdownGraceMs | quote }}
- name: SHUTDOWN_DRAIN_DELAY_MS
  value: {{ $root.Values.runtime.shutdownDrainDelayMs | quote }}
- name: OTEL_TRACES_EXPORTER
  value: {{ $root.Values.tracing.exporter | quote }}
{{- if $root.Values.tracing.otlpEndpoint }}
- name: OTEL_EXPORTER_OTLP_ENDPOINT
  value: {{ $root.Values.tracing.otlpEndpoint | quote }}
{{- end }}
{{- if and $c.database $c.database.schema }}
{{- $ref := splitList "/" (include "pencraft.databaseSecretRef" .) }}
- name: DATABASE_URL
  valueFrom:
    secretKeyRef:
      name: {{ index $ref 0 | quote }}
      key: {{ index $ref 1 | quote }}
- name: DATABASE_POOL_MAX
  value: {{ $c.database.poolMax | default $root.Values.runtime.databasePoolMax | quote }}
{{- end }}
{{- if $c.redis }}
{{- /* Issue #19: each component connects as its own ACL user; its URL (with the user's password) under "<name>-url". */}}
- name: REDIS_URL
{{- if $root.Values.redis.existingSecret }}
  valueFrom:
    secretKeyRef:
      name: {{ $root.Values.redis.existingSecret | quote }}
      key: {{ get ($root.Values.redis.secretKeys | default dict) .name | default (printf "%s-url" .name) | quote }}
{{- else }}
  value: {{ $root.Values.redis.url | quote }}
{{- end }}
{{- end }}
{{- if $c.nats }}
- name: NATS_URL
  value: {{ $root.Values.nats.url | quote }}
{{- if $root.Values.nats.existingSecret }}
{{- /* Issue #19: the service's own NATS user (its name), allowed only its own subjects; the password by reference. */}}
- name: NATS_USER
  value: {{ .name | quote }}
- name: NATS_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ $root.Values.nats.existingSecret | quote }}
      key: {{ printf "%s-password" .name | quote }}
{{- end }}
{{- end }}
{{- if $c.objectStore }}
- name: S3_ENDPOINT
  value: {{ $root.Values.objectStore.endpoint | quote }}
- name: S3_BUCKET
  value: {{ $root.Values.objectStore.bucket | quote }}
- name: S3_REGION
  value: {{ $root.Values.objectStore.region | quote }}
- name: MEDIA_PUBLIC_PATH
  value: {{ $root.Values.objectStore.publicPath | quote }}
- name: S3_ACCESS_KEY
  valueFrom:
    secretKeyRef:
      name: {{ $root.Values.objectStore.existingSecret | quote }}
      key: {{ $root.Values.objectStore.accessKeyKey | quote }}
- name: S3_SECRET_KEY
  valueFrom:
    secretKeyRef:
      name: {{ $root.Values.objectStore.existingSecret | quote }}
      key: {{ $root.Values.objectStore.secretKeyKey | quote }}
{{- end }}
{{- if $c.mail }}
{{- $mail := $root.Values.mail }}
{{- /* STARTTLS required (nodemailer's requireTLS) unless TLS from the first byte: no mail in clear text. */}}
- name: SMTP_URL
  value: {{ printf "%s://%s:%v%s" (ternary "smtps" "smtp" $mail.implicitTls) $mail.host $mail.port (ternary "?requireTLS=true" "" (and $mail.requireTls (not $mail.implicitTls))) | quote }}
- name: MAIL_FROM
  value: {{ $mail.from | quote }}
{{- /* Mailed links point at the site, as the gateway sees it. */}}
- name: PUBLIC_ORIGIN
  value: {{ include "pencraft.publicOrigin" (dict "root" $root "c" $root.Values.services.gateway) | quote }}
{{- if $mail.existingSecret }}
- name: SMTP_USERNAME
  valueFrom:
    secretKeyRef:
      name: {{ $mail.existingSecret | quote }}
      key: {{ $mail.usernameKey | quote }}
- name: SMTP_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ $mail.existingSecret | quote }}
      key: {{ $mail.passwordKey | quote }}
{{- end }}
{{- end }}
{{- if $c.payments }}
{{- $payments := $root.Values.payments }}
{{- /* Stripe: the API's base URL, the secret key and the webhook signing secret, both only from the Secret. A service
with an endpoint of its own (donations' supports) reads its endpoint's signing secret under its own key. */}}
{{- $webhookKey := get ($payments.webhookSecretKeys | default dict) .name | default $payments.webhookSecretKey }}
- name: STRIPE_API_BASE
  value: {{ $payments.apiBase | quote }}
- name: STRIPE_SECRET_KEY
  valueFrom:
    secretKeyRef:
      name: {{ $payments.existingSecret | quote }}
      key: {{ $payments.secretKeyKey | quote }}
- name: STRIPE_WEBHOOK_SECRET
  valueFrom:
    secretKeyRef:
      name: {{ $payments.existingSecret | quote }}
      key: {{ $webhookKey | quote }}
{{- end }}
{{- if $c.keycloak }}
- name: KEYCLOAK_URL
  value: {{ $root.Values.keycloak.url | quote }}
{{- with $root.Values.keycloak.publicUrl }}
- name: KEYCLOAK_PUBLIC_URL
  value: {{ . | quote }}
{{- end }}
- name: KEYCLOAK_REALM
  value: {{ $root.Values.keycloak.realm | quote }}
{{- if $root.Values.keycloak.caBundle.configMap }}
# Keycloak's TLS is checked against its CA too (mounted by the Deployment).
- name: NODE_EXTRA_CA_CERTS
  value: {{ printf "/etc/pencraft/keycloak-ca/%s" $root.Values.keycloak.caBundle.key | quote }}
{{- end }}
{{- end }}
{{- $services := (include "pencraft.components" $root | fromJson).service }}
{{- range $callee := $c.calls | default list }}
{{- $target := index $services $callee }}
- name: {{ printf "%s_GRPC_ADDR" (upper $callee) }}
  value: {{ printf "%s:%v" (include "pencraft.componentName" (dict "root" $root "name" $callee)) $target.ports.grpc | quote }}
{{- end }}
{{- with $c.api }}
- name: PUBLIC_ORIGIN
  value: {{ include "pencraft.publicOrigin" (dict "root" $root "c" $c) | quote }}
- name: COOKIE_SECURE
  value: {{ .cookieSecure | quote }}
- name: COOKIE_DOMAIN
  value: {{ include "pencraft.cookieDomain" (dict "root" $root "api" .) | quote }}
- name: TRUST_PROXY_HOPS
  value: {{ include "pencraft.trustProxyHops" (dict "root" $root "api" .) | quote }}
- name: CSRF_SECRET
  valueFrom:
    secretKeyRef:
      name: {{ .csrfSecret.existingSecret | quote }}
      key: {{ .csrfSecret.key | quote }}
- name: CAPTCHA_PROVIDER
  value: {{ .captcha.provider | quote }}
{{- if eq .captcha.provider "altcha" }}
- name: CAPTCHA_HMAC_KEY
  valueFrom:
    secretKeyRef:
      name: {{ .captcha.hmacKey.existingSecret | quote }}
      key: {{ .captcha.hmacKey.key | quote }}
{{- else }}
- name: CAPTCHA_SECRET
  valueFrom:
    secretKeyRef:
      name: {{ .captcha.secret.existingSecret | quote }}
      key: {{ .captcha.secret.key | quote }}
- name: CAPTCHA_SITE_KEY
  value: {{ .captcha.siteKey | quote }}
{{- end }}
- name: RATE_LIMIT_PER_MINUTE
  value: {{ .rateLimitPerMinute | quote }}
- name: AUTH_RATE_LIMIT_PER_MINUTE
  value: {{ .authRateLimitPerMinute | quote }}
{{- with .partner }}
{{- if hasKey . "cacheSeconds" }}
- name: PARTNER_CACHE_SECONDS
  value: {{ .cacheSeconds | int | quote }}
{{- end }}
{{- with .tokenRateLimitPerMinute }}
- name: PARTNER_TOKEN_RATE_LIMIT_PER_MINUTE
  value: {{ . | int | quote }}
{{- end }}
{{- with .tokenDailyQuota }}
- name: PARTNER_TOKEN_DAILY_QUOTA
  value: {{ . | int | quote }}
{{- end }}
{{- end }}
{{- if .edgeRoutes }}
- name: EDGE_ROUTES
  value: {{ include "pencraft.edgeRoutes" $root | quote }}
{{- with include "pencraft.edgePages" $root }}
- name: EDGE_PAGES
  value: {{ . | quote }}
{{- end }}
{{- end }}
{{- end }}
{{- include "pencraft.extraEnv" $c }}
{{- end -}}

{{/* EDGE_ROUTES for the gateway: prefix=url of every enabled frontend, the catch-all "/" last. Args: root. */}}
{{- define "pencraft.edgeRoutes" -}}
{{- $root := . -}}
{{- $routes := list -}}
{{- $last := "" -}}
{{- range $name, $fe := (include "pencraft.components" . | fromJson).frontend -}}
{{- if $fe.enabled -}}
{{- $route := printf "%s=http://%s:%v" $fe.path (include "pencraft.componentName" (dict "root" $root "name" $name)) $fe.port -}}
{{- if eq $fe.path "/" -}}
{{- $last = $route -}}
{{- else -}}
{{- $routes = append $routes $route -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- if $last -}}
{{- $routes = append $routes $last -}}
{{- end -}}
{{- join "," $routes -}}
{{- end -}}

{{/*
Server rendering of a frontend (its `renderer`): the module the static server loads, the gateway for the API, the
shell (the frontend served at /) for its index.html, the public origin for canonical URLs. Args: root, name, c.
*/}}
{{- define "pencraft.rendererEnv" -}}
{{- $root := .root -}}
{{- $components := include "pencraft.components" $root | fromJson -}}
{{- $gateway := $components.service.gateway -}}
{{- $shell := "" -}}
{{- range $feName, $fe := $components.frontend -}}
{{- if and $fe.enabled (eq $fe.path "/") -}}
{{- $shell = printf "http://%s:%v" (include "pencraft.componentName" (dict "root" $root "name" $feName)) $fe.port -}}
{{- end -}}
{{- end -}}
{{- if not $shell -}}
{{- fail (printf "frontends.%s.renderer needs an enabled frontend at path / (the shell) for its index.html" .name) -}}
{{- end -}}
{{- if not $gateway.enabled -}}
{{- fail (printf "frontends.%s.renderer reads the API from the gateway, which is disabled" .name) -}}
{{- end -}}
- name: RENDERER
  value: {{ printf "/app/frontends/%s/%s" .name .c.renderer.module | quote }}
- name: RENDER_CACHE_SECONDS
  value: {{ .c.renderer.cacheSeconds | default 2 | quote }}
- name: API_ORIGIN
  value: {{ printf "http://%s:%v" (include "pencraft.componentName" (dict "root" $root "name" "gateway")) $gateway.ports.http | quote }}
- name: SHELL_ORIGIN
  value: {{ $shell | quote }}
- name: PUBLIC_ORIGIN
  value: {{ include "pencraft.publicOrigin" (dict "root" $root "c" $gateway) | quote }}
{{- end -}}

{{/* EDGE_PAGES for the gateway: pattern=url of every page a frontend renders on the server. Args: root. */}}
{{- define "pencraft.edgePages" -}}
{{- $root := . -}}
{{- $pages := list -}}
{{- range $name, $fe := (include "pencraft.components" . | fromJson).frontend -}}
{{- if and $fe.enabled $fe.renderer $fe.renderer.enabled -}}
{{- range $fe.renderer.pages -}}
{{- $pages = append $pages (printf "%s=http://%s:%v" . (include "pencraft.componentName" (dict "root" $root "name" $name)) $fe.port) -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- join "," $pages -}}
{{- end -}}

{{/* SPA_ROUTES for the shell's server: the client routes (system.json `routes`) of every enabled frontend; any other
page path answers 404. Args: root. */}}
{{- define "pencraft.spaRoutes" -}}
{{- $system := include "pencraft.registry" . | fromJson -}}
{{- $routes := list -}}
{{- range $name, $fe := (include "pencraft.components" . | fromJson).frontend -}}
{{- if $fe.enabled -}}
{{- $routes = concat $routes ((get $system.frontends $name).routes | default list) -}}
{{- end -}}
{{- end -}}
{{- join "," $routes -}}
{{- end -}}

{{/* A component's own env (plain) and secretEnv (by reference). Args: c. */}}
{{- define "pencraft.extraEnv" -}}
{{- range $name, $value := .env }}
- name: {{ $name }}
  value: {{ $value | quote }}
{{- end }}
{{- range $name, $ref := .secretEnv }}
- name: {{ $name }}
  valueFrom:
    secretKeyRef:
      name: {{ $ref.secretName | quote }}
      key: {{ $ref.key | quote }}
{{- end }}
{{- end -}}

{{/* Pod-level settings shared by Deployments and Jobs. Args: root, c, serviceAccountName. */}}
{{- define "pencraft.podSpecCommon" -}}
serviceAccountName: {{ .serviceAccountName }}
automountServiceAccountToken: false
enableServiceLinks: false
{{- with .root.Values.global.imagePullSecrets }}
imagePullSecrets:
{{- range . }}
  - name: {{ . }}
{{- end }}
{{- end }}
securityContext:
  {{- toYaml .c.podSecurityContext | nindent 2 }}
{{- with .c.priorityClassName }}
priorityClassName: {{ . }}
{{- end }}
{{- with .c.nodeSelector }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .c.tolerations }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .c.affinity }}
affinity:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end -}}

{{/* An httpGet probe on a named container port. Args: path, port, probe (settings). */}}
{{- define "pencraft.httpProbe" -}}
httpGet:
  path: {{ .path }}
  port: {{ .port }}
periodSeconds: {{ .probe.periodSeconds }}
timeoutSeconds: {{ .probe.timeoutSeconds }}
failureThreshold: {{ .probe.failureThreshold }}
{{- with .probe.initialDelaySeconds }}
initialDelaySeconds: {{ . }}
{{- end }}
{{- end -}}

{{/*
Probes of a container: startup and liveness on /healthz, readiness on /readyz; on the internal port of a service
(the public port does not serve them), on the HTTP port of a frontend's static server. Args: c.
*/}}
{{- define "pencraft.probes" -}}
{{- $port := ternary "internal" "http" (eq .c.kind "service") -}}
{{- if .c.probes.startup.enabled }}
startupProbe:
  {{- include "pencraft.httpProbe" (dict "path" "/healthz" "port" $port "probe" .c.probes.startup) | nindent 2 }}
{{- end }}
{{- if .c.probes.liveness.enabled }}
livenessProbe:
  {{- include "pencraft.httpProbe" (dict "path" "/healthz" "port" $port "probe" .c.probes.liveness) | nindent 2 }}
{{- end }}
{{- if .c.probes.readiness.enabled }}
readinessProbe:
  {{- include "pencraft.httpProbe" (dict "path" "/readyz" "port" $port "probe" .c.probes.readiness) | nindent 2 }}
{{- end }}
{{- end -}}

{{/* A one-peer list from a {namespaceSelector, podSelector} block of values (both set means both must match). Args: peer. */}}
{{- define "pencraft.peer" -}}
{{- $peer := dict -}}
{{- if .namespaceSelector -}}
{{- $_ := set $peer "namespaceSelector" .namespaceSelector -}}
{{- end -}}
{{- if .podSelector -}}
{{- $_ := set $peer "podSelector" .podSelector -}}
{{- end -}}
{{- toYaml (list $peer) -}}
{{- end -}}

{{/* An egress rule to a dependency: its port, to its peers (any destination when none are given). Args: dep. */}}
{{- define "pencraft.dependencyEgress" -}}
- ports:
    - protocol: TCP
      port: {{ .dep.port }}
  {{- with .dep.networkPolicyPeers }}
  to:
    {{- toYaml . | nindent 4 }}
  {{- end }}
{{- end -}}

{{/*
Checks that values which pass the schema still agree with each other. Each failure names the value to change.
Args: root.
*/}}
{{- define "pencraft.validate" -}}
{{- $root := . -}}
{{- $v := .Values -}}
{{- if and $v.ingress.enabled (not $v.ingress.host) -}}
{{- fail "ingress.enabled is true but ingress.host is empty: set ingress.host (e.g. pencraft.example.com) or ingress.enabled=false" -}}
{{- end -}}
{{- if and $v.ingress.enabled $v.ingress.tls.enabled (not $v.ingress.tls.secretName) -}}
{{- fail "ingress.tls.enabled is true but ingress.tls.secretName is empty: name the Secret holding the certificate for the host and its wildcard" -}}
{{- end -}}
{{- $enabled := splitList "," (include "pencraft.enabledServices" $root) -}}
{{- $usesRedis := false -}}
{{- $usesNats := false -}}
{{- $components := include "pencraft.components" $root | fromJson -}}
{{- range $name, $svc := $components.service -}}
{{- if $svc.enabled -}}
{{- $c := dict -}}
{{- include "pencraft.component" (dict "root" $root "name" $name "kind" "service" "values" $svc "out" $c) -}}
{{- range $callee := $c.calls | default list -}}
{{- if not (has $callee $enabled) -}}
{{- fail (printf "%s calls %q (system.json), which is not an enabled service: enable services.%s" $name $callee $callee) -}}
{{- end -}}
{{- if not (index $components.service $callee).ports.grpc -}}
{{- fail (printf "%s calls %q (system.json), which has no gRPC port: give it a grpcPort in system.json" $name $callee) -}}
{{- end -}}
{{- end -}}
{{- if and $c.database $c.database.schema -}}
{{- if not (or $c.database.existingSecret $v.postgresql.existingSecret) -}}
{{- fail (printf "%s owns the schema %s (system.json) but no Secret provides its DATABASE_URL: set postgresql.existingSecret or services.%s.database.existingSecret" $name $c.database.schema $name) -}}
{{- end -}}
{{- end -}}
{{- $seen := dict -}}
{{- range $portName := list "http" "internal" "grpc" -}}
{{- $port := get $c.ports $portName -}}
{{- if $port -}}
{{- if hasKey $seen (toString $port) -}}
{{- fail (printf "%s: its %s and %s ports (system.json) are both %v: give them different ports" $name (get $seen (toString $port)) $portName $port) -}}
{{- end -}}
{{- $_ := set $seen (toString $port) $portName -}}
{{- end -}}
{{- end -}}
{{- if $c.redis -}}{{- $usesRedis = true -}}{{- end -}}
{{- if $c.nats -}}{{- $usesNats = true -}}{{- end -}}
{{- if and $c.objectStore (not $v.objectStore.endpoint) -}}
{{- fail (printf "%s uses the objectStore (system.json) but objectStore.endpoint is empty: set the S3 endpoint URL" $name) -}}
{{- end -}}
{{- if and $c.objectStore $v.objectStore.requireTls (not (hasPrefix "https://" $v.objectStore.endpoint)) -}}
{{- fail (printf "%s uses the objectStore but objectStore.endpoint %s is not https:// while objectStore.requireTls is true: the S3 keys and the pictures travel over TLS" $name $v.objectStore.endpoint) -}}
{{- end -}}
{{- if and $c.objectStore (not $v.objectStore.existingSecret) -}}
{{- fail (printf "%s uses the objectStore (system.json) but objectStore.existingSecret is empty: name the Secret holding the S3 access key and secret key" $name) -}}
{{- end -}}
{{- if and $c.mail (not $v.mail.host) -}}
{{- fail (printf "%s uses mail (system.json) but mail.host is empty: set the SMTP relay's host" $name) -}}
{{- end -}}
{{- if and $c.mail (not $v.mail.from) -}}
{{- fail (printf "%s uses mail (system.json) but mail.from is empty: set the sender (e.g. \"Pencraft <no-reply@example.com>\")" $name) -}}
{{- end -}}
{{- if and $c.payments (not $v.payments.apiBase) -}}
{{- fail (printf "%s uses payments (system.json) but payments.apiBase is empty: set Stripe's API URL (https://api.stripe.com)" $name) -}}
{{- end -}}
{{- if and $c.payments (not $v.payments.existingSecret) -}}
{{- fail (printf "%s uses payments (system.json) but payments.existingSecret is empty: name the Secret holding the Stripe secret key and webhook secret" $name) -}}
{{- end -}}
{{- if and $c.keycloak (not $v.keycloak.url) -}}
{{- fail (printf "services.%s.keycloak is true but keycloak.url is empty: set the Keycloak base URL" $name) -}}
{{- end -}}
{{- with $c.api -}}
{{- if not .csrfSecret.existingSecret -}}
{{- fail (printf "services.%s.api.csrfSecret.existingSecret is empty: the gateway needs CSRF_SECRET from a Secret" $name) -}}
{{- end -}}
{{- if eq .captcha.provider "altcha" -}}
{{- if not (and .captcha.hmacKey .captcha.hmacKey.existingSecret) -}}
{{- fail (printf "services.%s.api.captcha.hmacKey.existingSecret is empty: the altcha captcha needs CAPTCHA_HMAC_KEY from a Secret" $name) -}}
{{- end -}}
{{- else -}}
{{- if not (and .captcha.secret .captcha.secret.existingSecret .captcha.siteKey) -}}
{{- fail (printf "services.%s.api.captcha.provider is %s: set captcha.secret.existingSecret (CAPTCHA_SECRET) and captcha.siteKey" $name .captcha.provider) -}}
{{- end -}}
{{- end -}}
{{- if and (not .publicOrigin) (not $v.ingress.host) -}}
{{- fail (printf "services.%s.api.publicOrigin is empty and so is ingress.host: set one of them" $name) -}}
{{- end -}}
{{- end -}}
{{- include "pencraft.validateWorkload" (dict "root" $root "path" (printf "services.%s" $name) "c" $c) -}}
{{- end -}}
{{- end -}}
{{- if and $usesRedis (not (or $v.redis.url $v.redis.existingSecret)) -}}
{{- fail "a service uses Redis but neither redis.url nor redis.existingSecret is set" -}}
{{- end -}}
{{- if and $usesNats (not $v.nats.url) -}}
{{- fail "a service uses NATS but nats.url is empty" -}}
{{- end -}}
{{- /* Issue #19: NATS and Redis over TLS when their tls.enabled says so (production), a plain URL refused. */ -}}
{{- if and $usesNats $v.nats.tls.enabled -}}
{{- range $server := splitList "," $v.nats.url -}}
{{- if not (hasPrefix "tls://" (trim $server)) -}}
{{- fail (printf "nats.url %s is not tls:// while nats.tls.enabled is true: the events and the services' NATS passwords travel over TLS (nats.tls.enabled=false only where something else encrypts, e.g. a mesh)" (trim $server)) -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- if and $usesNats (not $v.nats.tls.enabled) (contains "tls://" $v.nats.url) -}}
{{- fail (printf "nats.url %s is tls:// but nats.tls.enabled is false: set nats.tls.enabled=true (and its CA)" $v.nats.url) -}}
{{- end -}}
{{- if and $usesRedis $v.redis.tls.enabled $v.redis.url (not $v.redis.existingSecret) (not (hasPrefix "rediss://" $v.redis.url)) -}}
{{- fail "redis.url is not rediss:// while redis.tls.enabled is true: the cached sessions and the services' Redis passwords travel over TLS (redis.tls.enabled=false only where something else encrypts, e.g. a mesh)" -}}
{{- end -}}
{{- range $kind, $used := dict "nats" $usesNats "redis" $usesRedis -}}
{{- $tls := (get $v $kind).tls -}}
{{- if and $used $tls.enabled -}}
{{- if and (or (eq $tls.caSource "grpc") $tls.clientCertificate) (not $v.grpcTls.enabled) -}}
{{- fail (printf "%s.tls uses the services' gRPC certificates (caSource grpc or clientCertificate) but grpcTls.enabled is false: name the CA with %s.tls.caSource secret, configMap or system" $kind $kind) -}}
{{- end -}}
{{- if and (has $tls.caSource (list "secret" "configMap")) (not $tls.caName) -}}
{{- fail (printf "%s.tls.caSource is %s but %s.tls.caName is empty: name the %s holding the CA (key %s)" $kind $tls.caSource $kind $tls.caSource $tls.caKey) -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- if and (eq $v.tracing.exporter "otlp") (not $v.tracing.otlpEndpoint) -}}
{{- fail "tracing.exporter is otlp but tracing.otlpEndpoint is empty" -}}
{{- end -}}
{{- $paths := dict -}}
{{- range $name, $fe := $components.frontend -}}
{{- if $fe.enabled -}}
{{- if hasKey $paths $fe.path -}}
{{- fail (printf "the path %q of %s (system.json) is already the path of %s: every frontend needs its own path" $fe.path $name (get $paths $fe.path)) -}}
{{- end -}}
{{- $_ := set $paths $fe.path $name -}}
{{- $c := dict -}}
{{- include "pencraft.component" (dict "root" $root "name" $name "kind" "frontend" "values" $fe "out" $c) -}}
{{- include "pencraft.validateWorkload" (dict "root" $root "path" (printf "frontends.%s" $name) "c" $c) -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/* Checks on the settings of one Deployment. Args: root, path, c. */}}
{{- define "pencraft.validateWorkload" -}}
{{- $c := .c -}}
{{- if and $c.pdb.enabled $c.pdb.maxUnavailable $c.pdb.minAvailable -}}
{{- fail (printf "%s: pdb.maxUnavailable and pdb.minAvailable are both set; a PodDisruptionBudget takes one of them" .path) -}}
{{- end -}}
{{- if and $c.pdb.enabled (not $c.pdb.maxUnavailable) (not $c.pdb.minAvailable) -}}
{{- fail (printf "%s: pdb.enabled is true but neither pdb.maxUnavailable nor pdb.minAvailable is set" .path) -}}
{{- end -}}
{{- if and $c.autoscaling.enabled (gt (int $c.autoscaling.minReplicas) (int $c.autoscaling.maxReplicas)) -}}
{{- fail (printf "%s: autoscaling.minReplicas (%v) is above autoscaling.maxReplicas (%v)" .path $c.autoscaling.minReplicas $c.autoscaling.maxReplicas) -}}
{{- end -}}
{{- $runtime := .root.Values.runtime -}}
{{- $drainMs := add (int $runtime.shutdownGraceMs) (int $runtime.shutdownDrainDelayMs) -}}
{{- if ge (int $drainMs) (mul (int $c.terminationGracePeriodSeconds) 1000) -}}
{{- fail (printf "%s: terminationGracePeriodSeconds (%v s) must exceed runtime.shutdownDrainDelayMs + runtime.shutdownGraceMs (%v ms), or the kubelet kills pods while they drain" .path $c.terminationGracePeriodSeconds $drainMs) -}}
{{- end -}}
{{- end -}}

{{/* /remotes.json for the shell: every other enabled frontend and its mf-manifest.json; one with a `mount` (the path
     prefix of all its pages) as { entry, mount }, which the shell loads only under that prefix. Args: root. */}}
{{- define "pencraft.remotesJson" -}}
{{- $remotes := dict -}}
{{- range $name, $fe := (include "pencraft.components" . | fromJson).frontend -}}
{{- if and $fe.enabled (not $fe.remotesManifest) (ne $fe.path "/") -}}
{{- $entry := printf "%smf-manifest.json" $fe.path -}}
{{- if $fe.mount -}}
{{- if not (regexMatch "^(/[a-z0-9][a-z0-9-]*)+$" $fe.mount) -}}
{{- fail (printf "the mount of %s (system.json): %q is not a path prefix like /staff" $name $fe.mount) -}}
{{- end -}}
{{- $_ := set $remotes $name (dict "entry" $entry "mount" $fe.mount) -}}
{{- else -}}
{{- $_ := set $remotes $name $entry -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- toPrettyJson $remotes -}}
{{- end -}}

{{/* The Secret holding a component's gRPC certificate (tls.crt, tls.key, ca.crt). Args: root, name. */}}
{{- define "pencraft.grpcTlsSecret" -}}
{{- $names := .root.Values.grpcTls.secretNames | default dict -}}
{{- get $names .name | default (printf "%s-grpc-tls" (include "pencraft.componentName" (dict "root" .root "name" .name))) -}}
{{- end -}}

{{/* The CA file of NATS's or Redis's TLS (issue #19); empty for the system's roots. Args: tls, kind (nats, redis). */}}
{{- define "pencraft.messagingCaFile" -}}
{{- if eq .tls.caSource "grpc" -}}
/etc/pencraft/grpc-tls/ca.crt
{{- else if has .tls.caSource (list "secret" "configMap") -}}
{{- printf "/etc/pencraft/%s-ca/ca.crt" .kind -}}
{{- end -}}
{{- end -}}

{{/*
NATS's and Redis's TLS variables of a service (issue #19): the CA the server must chain to, and the gRPC certificate
as the client certificate when asked; with TLS off, the explicit plaintext opt-out (NATS_INSECURE, REDIS_INSECURE).
Args: root, c.
*/}}
{{- define "pencraft.messagingTlsEnv" -}}
{{- $root := .root -}}
{{- $c := .c -}}
{{- range $kind := list "nats" "redis" }}
{{- $tls := (get $root.Values $kind).tls }}
{{- $prefix := upper $kind }}
{{- if get $c $kind }}
{{- if $tls.enabled }}
{{- with include "pencraft.messagingCaFile" (dict "tls" $tls "kind" $kind) }}
- name: {{ $prefix }}_TLS_CA_FILE
  value: {{ . | quote }}
{{- end }}
{{- if $tls.clientCertificate }}
- name: {{ $prefix }}_TLS_CERT_FILE
  value: /etc/pencraft/grpc-tls/tls.crt
- name: {{ $prefix }}_TLS_KEY_FILE
  value: /etc/pencraft/grpc-tls/tls.key
{{- end }}
{{- else }}
# {{ $kind }}.tls.enabled=false: plaintext, only where something else encrypts.
- name: {{ $prefix }}_INSECURE
  value: "true"
{{- end }}
{{- end }}
{{- end }}
{{- end -}}

{{/* The volumes (mounts: mounts=true) of NATS's and Redis's CA from a Secret or ConfigMap (issue #19). Args: root, c, mounts. */}}
{{- define "pencraft.messagingCaVolumes" -}}
{{- $root := .root -}}
{{- $c := .c -}}
{{- $mounts := .mounts -}}
{{- range $kind := list "nats" "redis" }}
{{- $tls := (get $root.Values $kind).tls }}
{{- if and (get $c $kind) $tls.enabled (has $tls.caSource (list "secret" "configMap")) }}
{{- if $mounts }}
- name: {{ $kind }}-ca
  mountPath: {{ printf "/etc/pencraft/%s-ca" $kind }}
  readOnly: true
{{- else }}
- name: {{ $kind }}-ca
  {{- if eq $tls.caSource "secret" }}
  secret:
    secretName: {{ $tls.caName | quote }}
    defaultMode: 288
  {{- else }}
  configMap:
    name: {{ $tls.caName | quote }}
  {{- end }}
    items:
      - key: {{ $tls.caKey | quote }}
        path: ca.crt
{{- end }}
{{- end }}
{{- end }}
{{- end -}}

{{/* The gRPC identity's variables of a service or the gateway, and its actor token key (issue #19). Args: root, name. */}}
{{- define "pencraft.grpcTlsEnv" -}}
{{- if .root.Values.grpcTls.enabled }}
- name: GRPC_TLS_CA_FILE
  value: /etc/pencraft/grpc-tls/ca.crt
- name: GRPC_TLS_CERT_FILE
  value: /etc/pencraft/grpc-tls/tls.crt
- name: GRPC_TLS_KEY_FILE
  value: /etc/pencraft/grpc-tls/tls.key
{{- if eq .name "gateway" }}
- name: ACTOR_TOKEN_SIGNING_KEY_FILE
  value: /etc/pencraft/actor-token/signing.key
{{- else }}
- name: ACTOR_TOKEN_VERIFY_KEY_FILE
  value: /etc/pencraft/actor-token/verify.pub
{{- end }}
{{- else }}
# grpcTls.enabled=false: something else (a mesh) authenticates the callers.
- name: GRPC_INSECURE
  value: "true"
{{- end }}
{{- end -}}
