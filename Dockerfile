FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    DATABASE_PATH=/data/league.sqlite3

WORKDIR /app
COPY pyproject.toml ./
COPY bot ./bot
COPY cogs ./cogs
COPY data ./data
RUN pip install --no-cache-dir . \
    && useradd --create-home --uid 10001 league \
    && mkdir -p /data && chown league:league /data

# The data (rulebook, structures, payouts, points) is installed inside the package.
USER league
VOLUME ["/data"]
CMD ["python", "-m", "bot"]
