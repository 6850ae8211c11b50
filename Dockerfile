FROM python:3.11-slim
WORKDIR /app
RUN useradd --create-home --uid 10001 bot && mkdir -p /data && chown bot /data
COPY pyproject.toml README.md ./
COPY engine ./engine
COPY bot ./bot
COPY cogs ./cogs
RUN pip install --no-cache-dir .
USER bot
ENV DATABASE_PATH=/data/monopoly.sqlite3
VOLUME ["/data"]
CMD ["python", "-m", "bot"]
