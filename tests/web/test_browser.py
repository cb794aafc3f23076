"""The pages in a real browser (headless Chromium): the replay stepper changes the board by its
buttons, the arrow keys, the slider and story links; a finished pod league's standings read as the
service ranks them; every page type is screenshot (wide and phone-sized) without a console error
(a content-security-policy violation would be one). Skipped, with the reason, where no browser is
installed; CI installs it (.ci/run)."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from browser import LiveSite, chromium, missing_browser
from webdata import GUILD, SECRET, finished_pod_league, finished_row

from bot.services.hub import Services
from bot.web.app import create_app
from bot.web.links import WebLinks
from bot.web.ratelimit import RateLimit
from bot.web.tokens import Signer

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        bool(missing_browser()) and not os.environ.get("TCGTABLE_REQUIRE_BROWSER"),
        reason=missing_browser() or "browser present",
    ),
]


class Data:
    """What the site shows: a finished match (Yu-Gi-Oh!), a live one (Inazuma), a pod league."""

    def __init__(self, services: Services, links: WebLinks) -> None:
        self.services = services
        self.links = links
        self.finished = 0
        self.finished_steps = 0
        self.live = 0
        self.league = 0

    async def seed(self) -> None:
        players = [("11", "Ana <i>"), ("22", "Bo")]
        finished = await self.services.db.insert_match(finished_row("yugioh", 4, players))
        self.finished, self.finished_steps = finished.id or 0, len(finished.choices)
        await self.services.db.insert_match(finished_row("naruto", 7, players))
        await self.services.db.insert_match(finished_row("usagi", 5, [("11", "Ana <i>"), ("22", "Bo"), ("33", "Cy")]))
        live = await self.services.db.insert_match(finished_row("inazuma", 6, players, upto=40))
        self.live = live.id or 0
        league_players = [(f"{n}", f"Entrant {n}") for n in range(101, 111)]
        await finished_pod_league(self.services, "Winter Pods", league_players, rounds=3)
        self.league = (await self.services.leagues.league(GUILD, "Winter Pods")).id or 0


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LiveSite, Data]]:
    live = LiveSite()
    url = f"sqlite:///{tmp_path_factory.mktemp('browser') / 'web.db'}"
    services = live.run(lambda: Services.from_url(url).open())
    signer = Signer(SECRET)
    data = Data(services, WebLinks("", signer))
    live.run(data.seed)
    live.serve(create_app(services, signer, rate_limit=RateLimit(rate=1000.0, burst=10_000)))
    yield live, data
    live.stop(services.close)


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    browser = chromium()
    yield browser
    browser.quit()


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where screenshots go: $TCGTABLE_SCREENSHOTS, else a temporary folder (printed)."""
    chosen = os.environ.get("TCGTABLE_SCREENSHOTS")
    folder = Path(chosen) if chosen else tmp_path_factory.mktemp("screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    print(f"screenshots in {folder}")
    return folder


def wait(condition: Callable[[], Any], timeout: float = 10.0) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = condition()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError("the page did not get there in time")


def console_errors(driver: Any, allowed: tuple[str, ...] = ()) -> list[str]:
    return [
        entry["message"]
        for entry in driver.get_log("browser")
        if entry["level"] == "SEVERE" and not any(text in entry["message"] for text in allowed)
    ]


def board_state(driver: Any) -> tuple[str, bytes]:
    """The board image's address and its pixels once loaded (an element screenshot)."""
    from selenium.webdriver.common.by import By

    image = driver.find_element(By.ID, "board")
    wait(lambda: driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", image))
    return image.get_attribute("src"), image.screenshot_as_png


def test_clicking_through_a_replay_changes_the_board(site: tuple[LiveSite, Data], driver: Any) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    live, data = site
    driver.get(live.base + data.links.match(data.finished, 0))
    counter = driver.find_element(By.ID, "counter")
    assert counter.text == f"Step 0 / {data.finished_steps}"
    first = board_state(driver)
    assert first[0].endswith("/board/0.png")

    driver.find_element(By.ID, "last").click()
    wait(lambda: counter.text == f"Step {data.finished_steps} / {data.finished_steps}")
    last = board_state(driver)
    assert last[0].endswith(f"/board/{data.finished_steps}.png") and last[1] != first[1]
    assert driver.current_url.endswith(f"/step/{data.finished_steps}")  # the address links to this step

    driver.find_element(By.ID, "prev").click()
    wait(lambda: counter.text.startswith(f"Step {data.finished_steps - 1} "))
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)
    wait(lambda: counter.text.startswith(f"Step {data.finished_steps - 2} "))
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.HOME)
    wait(lambda: counter.text.startswith("Step 0 "))
    assert board_state(driver)[1] == first[1]
    for _ in range(3):
        driver.find_element(By.ID, "next").click()
    wait(lambda: counter.text.startswith("Step 3 "))
    assert board_state(driver)[0].endswith("/board/3.png")

    slider = driver.find_element(By.ID, "slider")
    middle = data.finished_steps // 2
    driver.execute_script(
        "arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'));", slider, middle
    )
    wait(lambda: counter.text.startswith(f"Step {middle} "))
    wait(lambda: driver.find_element(By.ID, "board").get_attribute("src").endswith(f"/board/{middle}.png"))
    assert board_state(driver)[1] != last[1]

    story = driver.find_elements(By.CSS_SELECTOR, "#story li[data-step]")
    target = story[len(story) // 3]
    step = int(target.get_attribute("data-step"))
    target.find_element(By.TAG_NAME, "a").click()
    wait(lambda: counter.text.startswith(f"Step {step} "))
    caption = driver.find_element(By.ID, "caption").text
    assert target.text.split(" ", 1)[1] in caption
    assert "current" in target.get_attribute("class")

    driver.get(live.base + data.links.match(data.finished, 7))  # a step's own address opens at it
    assert driver.find_element(By.ID, "counter").text.startswith("Step 7 ")
    assert board_state(driver)[0].endswith("/board/7.png")
    driver.get(live.base + data.links.match(data.finished))  # the story box scrolls to the step's lines
    box = driver.find_element(By.ID, "storybox")
    current = driver.find_elements(By.CSS_SELECTOR, "#story li.current")  # the last step: the match's end
    top, height = driver.execute_script("return [arguments[0].scrollTop, arguments[0].clientHeight]", box)
    assert current and top > 0 and top <= current[0].get_property("offsetTop") <= top + height
    assert console_errors(driver) == []


def test_a_finished_pod_league_reads_as_the_service_ranks_it(site: tuple[LiveSite, Data], driver: Any) -> None:
    from selenium.webdriver.common.by import By

    live, data = site
    driver.get(live.base + data.links.league(data.league))
    rows = driver.find_elements(By.CSS_SELECTOR, "#standings tbody tr")
    shown = [
        (int(row.find_element(By.CSS_SELECTOR, "td").text), row.find_element(By.CSS_SELECTOR, "td.player").text)
        for row in rows
    ]
    expected = live.run(lambda: data.services.leagues.pod_standings(GUILD, "Winter Pods"))
    info = live.run(lambda: data.services.leagues.info(GUILD, "Winter Pods"))
    names = {e.user: e.name for e in info.entries}
    assert shown == [(r.rank, names[r.player]) for r in expected]
    assert info.league.status == "finished" and "finished" in driver.find_element(By.CSS_SELECTOR, ".meta").text
    assert console_errors(driver) == []


def test_screenshots_of_every_page_type(site: tuple[LiveSite, Data], driver: Any, shots: Path) -> None:
    live, data = site
    links = data.links
    pages = {
        "index": "/",
        "server": links.guild(GUILD),
        "league": links.league(data.league),
        "leaderboard": links.leaderboard(GUILD, "usagi"),
        "player": links.player(GUILD, "11"),
        "match": links.match(data.finished),
        "match-step": links.match(data.finished, 40),
        "match-live": links.match(data.live),
        "not-found": links.match(data.finished, 10**8),
    }
    for width, height, suffix in ((1200, 900, ""), (390, 844, "-phone")):
        driver.set_window_size(width, height)
        for name, path in pages.items():
            driver.get(live.base + path)
            wait(lambda: driver.execute_script("return document.readyState") == "complete")
            if "match" in name and name != "not-found":
                board_state(driver)
            height_needed = driver.execute_script("return document.documentElement.scrollHeight")
            driver.set_window_size(width, min(max(height, height_needed), 4000))
            assert driver.save_screenshot(str(shots / f"{name}{suffix}.png"))
            driver.set_window_size(width, height)
            overflow = driver.execute_script(
                "return document.documentElement.scrollWidth - document.documentElement.clientWidth"
            )
            assert overflow <= 1, f"{name}{suffix}: the page is {overflow}px wider than the window"
            allowed = ("status of 404",) if name == "not-found" else ()
            assert console_errors(driver, allowed) == [], name
    assert len(list(shots.glob("*.png"))) >= 2 * len(pages)
