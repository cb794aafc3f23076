"""The offline transport: the bot's slash commands typed as text, boards printed, choices by number.

>>> console = Console(Services.from_url("sqlite:///:memory:"), user="ana")   # doctest: +SKIP
>>> print(await console.handle('/match ai game:yugioh deck:"Starter Deck Yugi"'))  # doctest: +SKIP

Commands mirror Discord's: `/match ai|challenge|accept|decline|open|join|play|hand|board|list|
concede|abort|rematch|replay`, `/deck import|list|show|delete`, `/card`, `/rules ask|section`,
plus `/as NAME` (switch the local player, for two people at one keyboard), `/games`, `/help`.
When a decision of yours is waiting, a bare number (or part of an option's label) answers it.
"""

from __future__ import annotations

import re

import bot.console.commands
import bot.console.leagues  # noqa: F401  (registers the /league commands)
from bot.console.leagues import LEAGUE_KEYS
from bot.console.parsing import COMMANDS, KEYS, parse
from bot.persistence.models import MatchRow
from bot.services.errors import ServiceError, StaleChoiceError
from bot.services.hub import Services
from bot.services.match_model import average_times, decision_for, mine_view
from bot.services.matches import MatchUpdate, Seat, result_text, seats_of


class Console:
    """One local chat session; `handle(line)` returns the text to print."""

    def __init__(self, services: Services, user: str = "you") -> None:
        self.services = services
        self.user = user
        self.current: dict[str, int] = {}
        self.shown: dict[tuple[str, int], int] = {}
        """(player, match) -> the step of the prompt this console last showed that player; a typed
        answer carries it, so an answer to a prompt already answered elsewhere is refused as stale."""

    @property
    def seat(self) -> Seat:
        return Seat(self.user, self.user)

    async def handle(self, line: str) -> str:
        line = line.strip()
        if not line or line.startswith("#"):
            return ""
        try:
            if not line.startswith("/"):
                return await self._answer(line)
            head, _, tail = line[1:].partition(" ")
            head = head.lower()
            if head in ("match", "deck", "rules", "league"):
                sub, _, tail = tail.strip().partition(" ")
                handler = COMMANDS.get(f"{head} {sub.lower()}")
                if handler is None and head == "rules" and sub:
                    handler, tail = COMMANDS["rules ask"], f"{sub} {tail}"
            else:
                handler = COMMANDS.get(head)
            if handler is None and head in ("match", "deck", "league"):
                known = sorted(name.split(" ", 1)[1] for name in COMMANDS if name.startswith(f"{head} "))
                what = f"/{head} {sub}".strip()
                return f"Unknown command {what!r}. /{head} takes: {', '.join(known)}. Type /help."
            if handler is None:
                return f"Unknown command {line.split()[0]!r}. Type /help."
            return await handler(
                self, parse(tail, KEYS | LEAGUE_KEYS if head in ("league", "rating", "leaderboard") else KEYS)
            )
        except ServiceError as exc:
            return f"⚠ {exc}"

    async def _answer(self, text: str) -> str:
        match_id = self.current.get(self.user)
        if match_id is not None:
            row, _ = await self.services.matches.state(match_id)
            if row.status != "active":  # the match is over: the text is chat again
                match_id = None
                del self.current[self.user]
        if match_id is None:
            waiting = await self.waiting_for_me()
            if not waiting:
                return await self._chat(text)
            if len(waiting) > 1:
                listed = ", ".join(f"#{row.id} ({row.game})" for row in waiting)
                return (
                    f"Decisions wait for you in matches {listed}. Answer one with /match play CHOICE id:N "
                    "(or see it first with /match hand id:N)."
                )
            assert waiting[0].id is not None
            match_id = self.current[self.user] = waiting[0].id
        return await self._play(match_id, text)

    async def _chat(self, text: str) -> str:
        """Text outside a match, answered as the Discord channel would: `[[card]]` look-ups, a pick
        of a "did you mean", or a rules question."""
        from bot.render.cards import card_text
        from bot.services.cards import inline_queries

        queries = inline_queries(text)
        if queries:
            shown = []
            for query in queries:
                found = await self.services.cards.find(query)
                shown.append(card_text(found.card) if found.card is not None else found.note)
            return "\n\n".join(shown)
        picked = re.fullmatch(r"#?([1-9])", text.strip())
        if picked is not None:
            reply = await self.services.rules.pick("console", int(picked.group(1)))
        else:
            reply = await self.services.rules.ask(text, channel="console")
        hint = "\n(type the number of one)" if reply.options else ""
        return reply.text + hint + "\n\n(Commands start with /: type /help.)"

    async def match_in_view(self) -> int | None:
        """The match this console is showing the player, else their only active match (after a
        restart), else None (the command then asks which)."""
        current = self.current.get(self.user)
        if current is not None:
            return current
        active = [row.id for row in await self.services.matches.list_for(self.user) if row.status == "active"]
        return active[0] if len(active) == 1 else None

    async def waiting_for_me(self) -> list[MatchRow]:
        """This player's active matches whose current prompt is theirs (after a restart)."""
        waiting = []
        for row in await self.services.matches.list_for(self.user):
            if row.status != "active" or row.id is None:
                continue
            _, state = await self.services.matches.state(row.id)
            seat = next((i for i, s in enumerate(seats_of(row)) if s.user == self.user), None)
            if state is not None and decision_for(row, state, seat) is not None:
                waiting.append(row)
        return waiting

    async def _play(self, match_id: int, text: str) -> str:
        """Answer the prompt this console showed; one it never showed is shown first."""
        step = self.shown.get((self.user, match_id))
        if step is None:
            return (
                f"Match #{match_id} waits for your decision; here it is, answer again:\n"
                + await self.hand_and_prompt(match_id)
            )
        try:
            update = await self.services.matches.choose(match_id, self.user, text, expected_step=step, by_label=True)
        except StaleChoiceError as exc:
            return f"⚠ {exc}\n" + await self.hand_and_prompt(match_id)
        return await self.after(update)

    async def after(self, update: MatchUpdate) -> str:
        """The public narration and board, then what the local player needs to decide."""
        assert update.row.id is not None
        for seat in update.seats:
            if seat.ai is None:
                self.current[seat.user] = update.row.id
        parts = []
        if update.notice:
            parts.append(update.notice)
        if update.row.status in ("pending", "lobby"):
            parts.append(self.pending_text(update))
            return "\n".join(parts)
        names = [s.name for s in update.seats]
        if update.events:
            from bot.render.model import collapse, name_players

            parts.extend(f"· {line}" for line in collapse([name_players(e, names) for e in update.events]))
        if update.row.decks:
            parts.append(await self.board_text(update.row.id, events=not update.events))
        if update.finished:
            times = average_times(update.row)
            parts.append(
                f"Match #{update.row.id} is over: {result_text(update.row)}" + (f" ({times})" if times else "")
            )
            return "\n".join(parts)
        turn = update.turn_seat
        mine = next((i for i, s in enumerate(update.seats) if s.user == self.user), None)
        early = update.state is not None and decision_for(update.row, update.state, mine) is not None
        if (turn is not None and turn.user == self.user) or early:
            parts.append(await self.hand_and_prompt(update.row.id))
        elif turn is not None:
            parts.append(f"Waiting for {turn.name}. (At this keyboard? /as {turn.user})")
        return "\n".join(parts)

    def pending_text(self, update: MatchUpdate) -> str:
        row = update.row
        seats = seats_of(row)
        if row.status == "pending":
            return (
                f"Match #{row.id}: {seats[0].name} challenges {seats[1].name} to {row.game}. "
                f"{seats[1].name}: /as {seats[1].user} then /match accept {row.id} [deck:…] or /match decline."
            )
        return f"Lobby #{row.id} ({row.game}): {len(seats)}/{row.max_players} seats. Join with /match join {row.id}."

    async def board_text(self, match_id: int, *, events: bool = True) -> str:
        from bot.render.model import build_board
        from bot.render.text import board_text
        from bot.services.games import get_game

        row, view, _ = await self.services.matches.view(match_id, None)
        names = [s.name for s in seats_of(row)]
        board = build_board(get_game(row.game), view, names, title=f"Match #{row.id} · {row.game}")
        if row.status in ("finished", "aborted"):  # a conceded or aborted match waits for nobody
            board.status = result_text(row)
        return board_text(board, events=events)

    async def hand_and_prompt(self, match_id: int) -> str:
        from bot.render.text import hand_text, prompt_text
        from bot.services.games import get_game

        row, state = await self.services.matches.state(match_id)
        names = [s.name for s in seats_of(row)]
        seat = next((i for i, s in enumerate(seats_of(row)) if s.user == self.user), None)
        if state is None or seat is None:
            return "You are not playing in this match."
        decision = decision_for(row, state, seat)
        lines = [
            f"— {self.user}'s eyes only —",
            hand_text(get_game(row.game), mine_view(row, state, seat, decision), names),
        ]
        if decision is not None:
            self.shown[(self.user, match_id)] = decision.step
            lines.append(prompt_text(decision.prompt, names))
            if decision.early:
                lines.append("Everyone decides this at once: your answer stays secret until all have chosen.")
            lines.append("Answer with a number (or part of a label).")
        return "\n".join(lines)
