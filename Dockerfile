# The bot in a slim image: dependencies pinned by requirements.lock (with hashes), the package
# installed (not run from copied sources), a numeric non-root user, the database on a volume.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DATABASE_PATH=/data/monopoly.sqlite3

# A CJK font, so Japanese games can draw Japanese names on the pictures (FONT_PATH points at it).
RUN apt-get update \
    && apt-get install -y --no-install-recommends fonts-noto-cjk=1:* \
    && rm -rf /var/lib/apt/lists/*
ENV FONT_PATH=/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
# The metrics endpoint and the watch pages, when METRICS_PORT or WEB_PORT is set, listen on every
# interface of the container.
ENV METRICS_HOST=0.0.0.0 \
    WEB_HOST=0.0.0.0

WORKDIR /src
COPY requirements.lock ./
RUN pip install --require-hashes --no-deps -r requirements.lock
COPY pyproject.toml README.md ./
COPY engine ./engine
COPY bot ./bot
COPY cogs ./cogs
RUN pip install --no-deps . \
    && rm -rf /src \
    && mkdir -p /data \
    && chown 10001:10001 /data

# Run the installed package from a folder without sources in it.
WORKDIR /data
USER 10001:10001
VOLUME ["/data"]
# Settings and the database are checked without connecting to Discord; an unwritable /data is one line.
HEALTHCHECK --interval=60s --timeout=10s --start-period=20s --retries=3 CMD ["python", "-m", "bot", "--check"]
# DISCORD_TOKEN (and any other setting) comes from the environment: docker run -e DISCORD_TOKEN=… -v data:/data
CMD ["python", "-m", "bot"]
