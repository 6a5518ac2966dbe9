"""The points-race chart: drawn off the event loop, a real PNG of the given race."""

from __future__ import annotations

import io

from PIL import Image

from bot.league.chart import HEIGHT, WIDTH, render_race, render_race_png


async def test_the_chart_is_drawn_in_a_worker_thread_and_is_the_same_png() -> None:
    series = {f"player {i}": [float(n * i % 17) for n in range(12)] for i in range(8)}
    labels = [str(n) for n in range(1, 13)]
    png = await render_race_png("Tuesday: points race", series, labels)
    assert png == render_race("Tuesday: points race", series, labels)
    img = Image.open(io.BytesIO(png))
    assert img.format == "PNG" and img.size == (WIDTH, HEIGHT)
