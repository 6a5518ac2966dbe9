# One league's bot on SQLite; its database and backups on the /data volume (docs/setup.md).
FROM python:3.11-slim

# CONTAINER_VOLUME: the league's data stays on the volume whatever an --env-file says (a
# relative DATABASE_PATH is taken inside it, one outside it refused), and the screens listen
# on every interface (bot/config.py).
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    CONTAINER_VOLUME=/data

WORKDIR /app
COPY pyproject.toml constraints.txt ./
COPY bot ./bot
COPY cogs ./cogs
COPY data ./data
# Only what running needs, at the versions CI ran (constraints.txt). The data (rulebook,
# structures, payouts, points) is installed inside the package.
RUN pip install --no-cache-dir -c constraints.txt . \
    && useradd --create-home --uid 10001 league \
    && mkdir -p /data && chown league:league /data

USER league
VOLUME ["/data"]
# The screens (the room's clock on a TV, /td screen): publish it, e.g. -p 8080:8080.
EXPOSE 8080
# Alive: the bot's own heartbeat (written every 10 s) is fresh and its database opens.
HEALTHCHECK --interval=30s --timeout=20s --start-period=2m --retries=3 \
    CMD ["python", "-m", "bot.db", "health"]
# SIGTERM (docker stop) closes the bot cleanly: the last heartbeat, the store closed.
STOPSIGNAL SIGTERM
CMD ["python", "-m", "bot"]
