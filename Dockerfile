# The bot in a slim image, running as a non-root user, with the database on a volume.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    DATABASE_PATH=/data/monopoly.sqlite3

WORKDIR /app
RUN useradd --create-home --uid 10001 bot && mkdir -p /data && chown bot:bot /data

COPY pyproject.toml README.md ./
COPY engine ./engine
COPY bot ./bot
COPY cogs ./cogs
RUN pip install --no-cache-dir .

USER bot
VOLUME ["/data"]
# DISCORD_TOKEN (and any other setting) comes from the environment: docker run -e DISCORD_TOKEN=… -v data:/data
CMD ["python", "-m", "bot"]
