FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app

COPY requirements.txt .
RUN pip install -r requirements.txt

COPY . .

# collectstatic needs settings that load: a build-time throwaway key, never used at runtime.
RUN DEBUG=0 SECRET_KEY=collectstatic-only-build-key ALLOWED_HOSTS=localhost \
    python manage.py collectstatic --noinput

RUN useradd --create-home --uid 1000 arena && chown -R arena /app
USER arena

EXPOSE 8000
# uvicorn with the hardening options of config/serve.py (no proxy headers of its own).
CMD ["python", "-m", "config.serve", "--host", "0.0.0.0", "--port", "8000"]
