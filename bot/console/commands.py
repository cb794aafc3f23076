"""The console's commands: each parses its key:value options, calls a service, returns text."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from bot.console.parsing import Args, command, number
from bot.services.errors import ServiceError
from bot.services.games import get_game, options_text, parse_options
from bot.services.match_model import average_times, decision_for
from bot.services.matches import MatchUpdate, Seat, public_prompt, result_text, seat_index, seats_of

if TYPE_CHECKING:
    from bot.console.session import Console
    from bot.services.rules import RulesReply
    from engine.core.prompt import Prompt
    from engine.core.state import State

HELP = """Commands (arguments as key:value, quote values with spaces: deck:"Starter Deck Yugi"):
  /games                                   games you can play
  /match options game:G                    the game's match options (house rules, interpretations)
  /match ai game:G [deck:D] [level:L] [players:N] [options:"name=value, ..."]   play the AI (level: easy, normal,
                                           hard, random; one per AI seat: level:easy,hard,normal with players:4)
  /match challenge opponent:NAME game:G [deck:D]   challenge someone at this keyboard
  /match accept [id] [deck:D] | /match decline [id]
  /match open game:G players:N [deck:D] | /match join id [deck:D] | /match addai [id] [level:L]
  /match play N [id:M] | N                 answer the prompt by number or label (id: another match)
  /match hand | /match board | /match list | /match concede [confirm] | /match abort | /match rematch
  /match replay id [step:N]                step through a finished match
  /match undo [id] | /match undo accept|decline [id]   take back your last decision, if the others agree
  /deck import game:G name:N list:"3x Card A; 1x Card B" | /deck list [game:G]
  /deck show game:G name:N | /deck delete game:G name:N
  /card NAME [game:G]                      look a card up (typos forgiven)
  /rules ask QUESTION [game:G] | /rules pick N | /rules section game:G id:4.2
  /league create name:N game:G [format:swiss|round_robin|ladder|pods] [rounds:R] [best_of:3] [top_cut:0]
                [pod_size:4] [points:3,2,1,0] [small_pods:yes] [allow_undo:yes]   (pods: top_cut is the final
                table, 3-6; allow_undo: /match undo works in its matches)
  /league join name:N [deck:D] | /league drop|start|next|info|standings|export name:N
  /league report name:N won:W lost:L [draws:D] | /league confirm|dispute match:ID
  /league edit match:ID a:W b:L reason:TEXT | /league challenge name:N player:P (ladder)
  /league play name:N                      play your league match here (the result counts by itself)
  /league finish name:N order:"a > b = c > d" | /league confirm|dispute pod:ID   pods: finishing order
  /league settle pod:ID order:"a > b > c" reason:TEXT   pods: an organizer sets a pod's order
  /rating game:G [player:P] | /leaderboard game:G
  /as NAME                                 act as another local player
  /quit"""

HELP = """Commands (arguments as key:value, quote values with spaces: deck:"Starter Deck Yugi"):
  /games                                   games you can play
  /match options game:G                    the game's match options (house rules, interpretations)
  /match ai game:G [deck:D] [level:L] [players:N] [options:"name=value, ..."]   play the AI (level: easy, normal,
                                           hard, random; one per AI seat: level:easy,hard,normal with players:4)
  /match challenge opponent:NAME game:G [deck:D]   challenge someone at this keyboard
  /match accept [id] [deck:D] | /match decline [id]
  /match open game:G players:N [deck:D] | /match join id [deck:D] | /match addai [id] [level:L]
  /match play N [id:M] | N                 answer the prompt by number or label (id: another match)
  /match hand | /match board | /match list | /match concede [confirm] | /match abort | /match rematch
  /match replay id [step:N]                step through a finished match
  /match undo [id] | /match undo accept|decline [id]   take back your last decision, if the others agree
  /deck import game:G name:N list:"3x Card A; 1x Card B" | /deck list [game:G]
  /deck show game:G name:N | /deck delete game:G name:N
  /card NAME [game:G]                      look a card up (typos forgiven)
  /rules ask QUESTION [game:G] | /rules pick N | /rules section game:G id:4.2
  /league create name:N game:G [format:swiss|round_robin|ladder|pods] [rounds:R] [best_of:3] [top_cut:0]
                [pod_size:4] [points:3,2,1,0] [small_pods:yes] [allow_undo:yes]   (pods: top_cut is the final
                table, 3-6; allow_undo: /match undo works in its matches)
  /league join name:N [deck:D] | /league drop|start|next|info|standings|export name:N
  /league report name:N won:W lost:L [draws:D] | /league confirm|dispute match:ID
  /league edit match:ID a:W b:L reason:TEXT | /league challenge name:N player:P (ladder)
  /league play name:N                      play your league match here (the result counts by itself)
  /league finish name:N order:"a > b = c > d" | /league confirm|dispute pod:ID   pods: finishing order
  /league settle pod:ID order:"a > b > c" reason:TEXT   pods: an organizer sets a pod's order
  /rating game:G [player:P] | /leaderboard game:G
  /as NAME                                 act as another local player
  /quit"""


@command("help")
async def help_(console: Console, args: Args) -> str:
    return HELP


@command("quit", "exit")
async def quit_(console: Console, args: Args) -> str:
    raise EOFError


@command("as")
async def as_(console: Console, args: Args) -> str:
    name = args.rest().strip()
    if not name or len(name) > 32:
        raise ServiceError("Usage: /as NAME (1-32 characters)")
    console.user = name
    match_id = console.current.get(name)
    if match_id is None:  # a player new at this keyboard: the one match waiting for them, if any
        waiting = await console.waiting_for_me()
        if len(waiting) != 1:
            return f"You are now {name}."
        match_id = console.current[name] = waiting[0].id or 0
    row, state = await console.services.matches.state(match_id)
    seat = seat_index(row, name)
    if state is not None and decision_for(row, state, seat) is not None:  # theirs now, or early in a step
        return f"You are now {name}.\n" + await console.hand_and_prompt(match_id)
    return f"You are now {name}."


@command("games")
async def games(console: Console, args: Args) -> str:
    from bot.services.games import get_game, list_games, preconstructed

    lines = []
    for info in list_games():
        decks = ", ".join(f'"{name}"' for name in preconstructed(get_game(info.id))) or "none"
        players = (
            f"{info.min_players}"
            if info.min_players == info.max_players
            else (f"{info.min_players}-{info.max_players}")
        )
        lines.append(f"{info.id}: {info.name} ({players} players) — decks: {decks}")
    return "\n".join(lines) or "No games are installed."


@command("match options")
async def match_options(console: Console, args: Args) -> str:
    game = args.get("game") or (args.words[0] if args.words else None)
    if not game:
        raise ServiceError("Usage: /match options game:G")
    return options_text(get_game(game))


@command("match ai")
async def match_ai(console: Console, args: Args) -> str:
    game = args.get("game") or (args.words[0] if args.words else None)
    if not game:
        raise ServiceError("Usage: /match ai game:G [deck:D] [level:L or L1,L2,…] [players:N]")
    update = await console.services.matches.start_ai(
        game,
        console.seat,
        args.get("deck"),
        args.get("level"),
        ai_deck=args.get("ai_deck"),
        players=number(args.get("players") or "2", "a number of players (2-6)"),
        options=parse_options(get_game(game), args.get("options")),
    )
    return await console.after(update)


@command("match addai")
async def match_addai(console: Console, args: Args) -> str:
    """Seat an AI in a lobby you are in: `/match addai [N] [level:L]`."""
    match_id = args.match_id(console.current.get(console.user))
    update = await console.services.matches.add_ai(match_id, console.user, args.get("level"))
    if update.row.status == "lobby":
        return update.notice
    return await console.after(update)


@command("match challenge")
async def match_challenge(console: Console, args: Args) -> str:
    usage = "/match challenge opponent:NAME game:G [deck:D]"
    opponent = args.need("opponent", usage).lstrip("@")
    game = args.need("game", usage)
    row = await console.services.matches.challenge(
        game,
        console.seat,
        Seat(opponent, opponent),
        args.get("deck"),
        options=parse_options(get_game(game), args.get("options")),
    )
    return console.pending_text(MatchUpdate(row, None))


async def _respond(console: Console, args: Args, accept: bool) -> str:
    rows = [r for r in await console.services.matches.list_for(console.user) if r.status == "pending"]
    fallback = rows[0].id if rows else None
    update = await console.services.matches.respond(args.match_id(fallback), console.user, accept, args.get("deck"))
    return await console.after(update)


@command("match accept")
async def match_accept(console: Console, args: Args) -> str:
    return await _respond(console, args, True)


@command("match decline")
async def match_decline(console: Console, args: Args) -> str:
    return await _respond(console, args, False)


@command("match open")
async def match_open(console: Console, args: Args) -> str:
    usage = "/match open game:G players:N [deck:D]"
    players = number(args.need("players", usage), "a number of players")
    game = args.need("game", usage)
    row = await console.services.matches.open_lobby(
        game, console.seat, players, args.get("deck"), options=parse_options(get_game(game), args.get("options"))
    )
    return console.pending_text(MatchUpdate(row, None))


@command("match join")
async def match_join(console: Console, args: Args) -> str:
    update = await console.services.matches.join(args.match_id(None), console.seat, args.get("deck"))
    return await console.after(update)


@command("match play")
async def match_play(console: Console, args: Args) -> str:
    """`/match play 2` answers 2 in your current match; the match is named only as `id:N` or `#N`
    (`/match play #3 2`), so a bare number is never read as both a match and a choice."""
    usage = "Usage: /match play CHOICE [id:N] (CHOICE: a number or part of an option's label)"
    marked = [w for w in args.words if w.startswith("#") and w[1:].isdigit()]
    raw_id = args.get("id") or (marked[0][1:] if marked else None)
    choice = args.get("choice") or " ".join(w for w in args.words if w not in marked[:1])
    if not choice:
        raise ServiceError(usage)
    if raw_id is not None:
        match_id = number(raw_id.lstrip("#"), "a match number (see /match list)")
        console.current[console.user] = match_id
    elif console.current.get(console.user) is None:
        return await console._answer(choice)
    else:
        match_id = console.current[console.user]
    return await console._play(match_id, choice)


@command("match hand")
async def match_hand(console: Console, args: Args) -> str:
    return await console.hand_and_prompt(args.match_id(await console.match_in_view()))


@command("match board")
async def match_board(console: Console, args: Args) -> str:
    match_id = args.match_id(await console.match_in_view())
    row = await console.services.matches.row(match_id)
    if not row.decks:
        return console.pending_text(MatchUpdate(row, None))
    text = await console.board_text(match_id)
    return text if row.status == "active" else f"{text}\n{result_text(row)}"


@command("match list")
async def match_list(console: Console, args: Args) -> str:
    rows = await console.services.matches.list_for(console.user, open_only="all" not in args.words)
    if not rows:
        return "You have no open matches. Start one with /match ai game:<id>."
    lines = []
    for row in rows:
        names = " vs ".join(s.name for s in seats_of(row))
        turn = f", waiting for {row.turn_user}" if row.status == "active" and row.turn_user else ""
        times = average_times(row)
        lines.append(f"#{row.id} {row.game}: {names} [{row.status}{turn}]" + (f" — {times}" if times else ""))
    return "\n".join(lines)


@command("match concede")
async def match_concede(console: Console, args: Args) -> str:
    """Asks first: `/match concede [N] confirm` concedes."""
    match_id = args.match_id(console.current.get(console.user))
    if "confirm" not in (w.lower() for w in args.words) and "yes" not in (w.lower() for w in args.words):
        row = await console.services.matches.row(match_id)
        if seat_index(row, console.user) is None or row.status != "active":
            raise ServiceError(f"Match #{match_id} is not a match of yours in progress.")
        return f"Concede match #{match_id}? You lose it. To concede, type: /match concede {match_id} confirm"
    update = await console.services.matches.concede(match_id, console.user)
    return await console.after(update)


@command("match abort")
async def match_abort(console: Console, args: Args) -> str:
    update = await console.services.matches.abort(args.match_id(console.current.get(console.user)), console.user)
    return await console.after(update)


@command("match undo")
async def match_undo(console: Console, args: Args) -> str:
    """`/match undo [N]` asks to take back your last decision; `/match undo accept|decline [N]`
    answers someone's request (the others at this keyboard answer after `/as NAME`)."""
    words = [w.lower() for w in args.words]
    reply = next((w for w in words if w in ("accept", "decline", "yes", "no")), None)
    numbers = [w.lstrip("#") for w in args.words if w.lstrip("#").isdigit()]
    raw_id = args.get("id") or (numbers[0] if numbers else None)
    if len(args.words) > (reply is not None) + len(numbers[:1]):
        raise ServiceError("Usage: /match undo [N] to ask, /match undo accept|decline [N] to answer")
    match_id = number(raw_id, "a match number") if raw_id is not None else await console.match_in_view()
    if match_id is None:
        raise ServiceError("Which match? Give its number (see /match list).")
    undo = console.services.matches.undo
    if reply is None:
        outcome = await undo.request(match_id, console.user)
    else:
        outcome = await undo.answer(match_id, console.user, reply in ("accept", "yes"))
    if outcome.status == "undone":
        return await console.after(outcome.update)
    if outcome.status == "declined" or outcome.request is None:
        return outcome.update.notice
    seats = seats_of(outcome.update.row)
    asker = seats[int(outcome.request["seat"])].name
    lines = "; ".join(outcome.request.get("lines") or []) or "their last decision"
    ask = f"{asker} asks to take back: {lines}"
    users = [seat.user for seat in seats if seat.name in outcome.waiting and seat.ai is None]
    how = " ".join(f"/as {user}" for user in users[:1])
    return (
        f"{outcome.update.notice}\n{ask}\n"
        f"{', '.join(outcome.waiting)}: {how} then /match undo accept {match_id} (or decline)."
    )


@command("match rematch")
async def match_rematch(console: Console, args: Args) -> str:
    result = await console.services.matches.rematch(args.match_id(console.current.get(console.user)), console.user)
    if isinstance(result, MatchUpdate):
        return await console.after(result)
    return console.pending_text(MatchUpdate(result, None))


@command("match replay")
async def match_replay(console: Console, args: Args) -> str:
    from bot.render.model import build_board
    from bot.render.text import board_text
    from bot.services.games import get_game

    step = number(args.get("step", "0") or "0", "a step number")
    row, view, at = await console.services.matches.replay_view(args.match_id(None), step)
    names = [s.name for s in seats_of(row)]
    board = build_board(get_game(row.game), view, names, title=f"Replay #{row.id} · step {at}/{len(row.choices)}")
    return board_text(board) + f"\nNext: /match replay {row.id} step:{min(at + 1, len(row.choices))}"


@command("deck import")
async def deck_import(console: Console, args: Args) -> str:
    usage = '/deck import game:G name:N list:"3x Card; 1x Other"'
    row = await console.services.decks.import_deck(
        console.user, args.need("game", usage), args.need("name", usage), args.need("list", usage)
    )
    total = sum(len(codes) for codes in row.sections.values())
    return f"Saved deck {row.name!r} for {row.game} ({total} cards)."


@command("deck list")
async def deck_list(console: Console, args: Args) -> str:
    listed = await console.services.decks.list_decks(console.user, args.get("game"))
    lines = [f"{game}: {name}" + (" (preconstructed)" if built_in else "") for game, name, built_in in listed]
    return "\n".join(lines) or "No decks."


@command("deck show")
async def deck_show(console: Console, args: Args) -> str:
    usage = "/deck show game:G name:N"
    return await console.services.decks.show(console.user, args.need("game", usage), args.need("name", usage))


@command("deck delete")
async def deck_delete(console: Console, args: Args) -> str:
    usage = "/deck delete game:G name:N"
    await console.services.decks.delete(console.user, args.need("game", usage), args.need("name", usage))
    return "Deck deleted."


@command("card")
async def card(console: Console, args: Args) -> str:
    from bot.render.cards import card_text

    query = args.text("name")
    if not query:
        raise ServiceError("Usage: /card NAME [game:G]")
    found = await console.services.cards.find(query, args.get("game"))
    lines = [card_text(found.card)] if found.card is not None else [found.note]
    if found.suggestions:
        lines.append(found.also())
    return "\n".join(lines)


@command("rules ask")
async def rules_ask(console: Console, args: Args) -> str:
    question = args.text("question")
    if not question:
        raise ServiceError("Usage: /rules ask QUESTION [game:G]")
    legal: list[str] | None = None
    match_game = None
    explain = None
    match_id = console.current.get(console.user)
    if match_id is not None:
        row, state = await console.services.matches.state(match_id)
        if row.status == "active" and state is not None:
            match_game = row.game
            seat = seat_index(row, console.user)
            prompt = public_prompt(row, state, seat)
            legal = [o.label for o in prompt.options] if prompt is not None else []
            if seat is not None:
                explain = partial(_why_not, row.game, state, seat, prompt)
    reply = await console.services.rules.ask(
        question, game=args.get("game"), channel="console", match_game=match_game, legal_now=legal, explain=explain
    )
    return _rules_text(reply)


def _why_not(game: str, state: State, seat: int, prompt: Prompt | None, question: str, name: str) -> str | None:
    from bot.services.why import why_not

    return why_not(game, state, seat, question, name, prompt)


def _rules_text(reply: RulesReply) -> str:
    text = f"{reply.text}\n\n{reply.private}" if reply.private else reply.text  # the console is the asker's own
    if reply.options:
        text += "\n(type /rules pick N)"
    return text


@command("rules pick")
async def rules_pick(console: Console, args: Args) -> str:
    typed = args.rest().strip().lstrip("#")
    if not typed.isdigit() or len(typed) > 2:
        raise ServiceError("Usage: /rules pick N (the number of a rule the assistant offered)")
    return _rules_text(await console.services.rules.pick("console", int(typed)))


@command("rules section")
async def rules_section(console: Console, args: Args) -> str:
    usage = "/rules section game:G id:4.2"
    number = args.get("id") or args.rest()
    if not number:
        raise ServiceError(f"Usage: {usage}")
    return await console.services.rules.section(args.need("game", usage), number)
