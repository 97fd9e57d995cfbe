"""Whole rows written and read on a hot path with their SQL spelled once per model.

Why: a submission wrote four rows and locked one through the ORM, which compiles each
statement again on every call (``SQLCompiler.as_sql``, ``pre_sql_setup``: about a fifth
of a submission's CPU in py-spy, issue 13). These functions do for a model instance what
``save(force_insert=True)``, ``save(update_fields=...)`` and a ``get()`` by primary key
do, without the compiling: a model's statement is built once from its ``_meta`` and
kept; values go through each field's ``pre_save`` and ``get_db_prep_save`` on the way in
and its database converters on the way out, as the ORM's do, so what is stored and read
is the same (tests/records/test_fast_rows_store_what_the_orm_stores.py).

On PostgreSQL their statements run on a server-binding cursor (:func:`_cursor`):
the values travel apart from the SQL, dumped by psycopg's C adapters instead of quoted
into the text in Python (``PostgresClientQuery.convert`` was about a fifth of the
submission view's CPU, py-spy), and a statement run ``DATABASE_PREPARE_THRESHOLD``
times on a connection is prepared, so PostgreSQL stops parsing and planning it (the
pooled connections of a server process live on; config/settings.py turns psycopg's
preparing on, which Django leaves off; tests/records/test_hot_statements_are_prepared.py).
:func:`cursor` gives the same cursor to a hot path's own statement (the board read under
a deal's lock, leaderboards.board_rows). The rest of the project keeps Django's
client-side binding, which some ORM queries need (it is never prepared).

Inside a :func:`together` block the writes that read nothing back (an insert whose key
is drawn beforehand or not wanted, an upsert, an update) wait, and go at the block's end:
on PostgreSQL as one statement (each but the last a data-modifying ``WITH`` clause), so a
submission's result, its pending review, its board rows and the deal's state cost one
statement, not four. On the server each statement costs about 0.2 ms of the process's
CPU, whatever it does (docs/performance.md, 0g). :func:`next_key_sql` draws a model's
next key inside another statement (leaderboards.board_rows reads it with the board).

What they skip, on purpose: the ``pre_save``/``post_save`` signals (no receiver listens
to the models they are used on; accounts' User has the only one, and is never written
here) and multi-table inheritance (refused). Use them for plain models on a path that
runs many times a second; anywhere else the ORM is clearer.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache, partial
from typing import Any, TypeVar

from django.db import connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.backends.utils import CursorWrapper
from django.db.models import Field, Model

M = TypeVar("M", bound=Model)

Converter = Callable[[Any, Any, Any], Any]


def _quote(alias: str, name: str | None) -> str:
    assert name is not None, "a column or table without a name"
    return str(connections[alias].ops.quote_name(name))


def _field(model: type[Model], name: str) -> Any:
    """A field or relation of ``model`` by name (Any: django-stubs type ``get_field`` as a
    union of fields and relations, whose attributes differ)."""
    return model._meta.get_field(name)


def _plain(model: type[Model]) -> None:
    if model._meta.parents:
        raise ValueError(f"{model.__name__}: multi-table inheritance is not supported here")


def _inserted(
    model: type[Model], alias: str, keyed: bool = False
) -> tuple[str, tuple[Field[Any, Any], ...]]:
    """``INSERT INTO table (columns)`` of ``model``'s concrete fields but an auto primary
    key (``keyed``: with it, its value drawn beforehand), and those fields (their values
    go in that order)."""
    _plain(model)
    meta = model._meta
    fields = tuple(f for f in meta.concrete_fields if keyed or f is not meta.auto_field)
    columns = ", ".join(_quote(alias, f.column) for f in fields)
    return f"INSERT INTO {_quote(alias, meta.db_table)} ({columns})", fields


def _marks(count: int) -> str:
    return "(" + ", ".join(["%s"] * count) + ")"


@cache
def _insert(
    model: type[Model], alias: str, keyed: bool, read_key: bool
) -> tuple[str, tuple[Field[Any, Any], ...], bool]:
    """The INSERT of one row of ``model``, its fields, whether it returns the new key
    (an auto key not given, ``read_key``)."""
    meta = model._meta
    head, fields = _inserted(model, alias, keyed)
    sql = f"{head} VALUES {_marks(len(fields))}"
    returns = read_key and not keyed and meta.auto_field is not None
    if returns and connections[alias].features.can_return_columns_from_insert:
        sql += f" RETURNING {_quote(alias, meta.pk.column)}"
    return sql, fields, returns


def insert(obj: Model, using: str = "default", *, read_key: bool = True) -> None:
    """``obj.save(force_insert=True)`` of a new row: its auto key is set on ``obj``, or
    not read back with ``read_key=False`` (``obj.pk`` stays None). A key already set on
    ``obj`` (drawn by :func:`next_key_sql`) is stored as it is."""
    keyed = obj.pk is not None and obj._meta.auto_field is not None
    sql, fields, returns = _insert(type(obj), using, keyed, read_key)
    connection = connections[using]
    values = [f.get_db_prep_save(f.pre_save(obj, add=True), connection) for f in fields]
    if returns:  # the key read back: this runs now, after the writes waiting before it
        _flush(using)
        with _cursor(connection) as cursor:
            cursor.execute(sql, values)
            meta = obj._meta
            if connection.features.can_return_columns_from_insert:
                obj.pk = cursor.fetchone()[0]
            else:
                obj.pk = connection.ops.last_insert_id(cursor, meta.db_table, str(meta.pk.column))
    else:
        _write(using, obj._meta.db_table, sql, values)
    obj._state.adding = False
    obj._state.db = using


def _cursor(connection: BaseDatabaseWrapper) -> CursorWrapper:
    """``connection.cursor()``, but on PostgreSQL over a server-binding psycopg cursor
    (module docstring), wrapped as Django wraps its own: the same error wrapping,
    ``execute_wrappers`` and query log (``CaptureQueriesContext`` counts these too)."""
    if connection.vendor != "postgresql":
        return connection.cursor()
    import psycopg

    # Django's own ``_cursor`` steps with our cursor: the health check, the connection,
    # then ``_prepare_cursor`` (the thread check and the debug or plain wrapper), so that
    # a change of Django's is followed here (django-stubs do not declare it).
    connection.close_if_health_check_failed()
    connection.ensure_connection()
    with connection.wrap_database_errors:
        raw = psycopg.Cursor(connection.connection)
    prepared: CursorWrapper = connection._prepare_cursor(raw)  # type: ignore[attr-defined]
    return prepared


def cursor(using: str = "default") -> CursorWrapper:
    """A cursor for a hot path's own SQL, bound and prepared as this module's statements
    are (``_cursor``; on PostgreSQL its ``%s`` values travel apart from the text). For a
    statement whose text is the same on every call, so that preparing it pays. Inside a
    :func:`together` block the writes waiting so far go first."""
    _flush(using)
    return _cursor(connections[using])


def next_key_sql(model: type[Model], using: str = "default") -> str | None:
    """An SQL expression that draws ``model``'s next auto key (PostgreSQL's sequence of
    its identity column), to read inside a statement run anyway; None where keys are not
    drawn ahead (SQLite: the insert reads its key back)."""
    connection = connections[using]
    meta = model._meta
    if connection.vendor != "postgresql" or meta.auto_field is None:
        return None
    table, column = meta.db_table, meta.pk.column
    return f"nextval(pg_get_serial_sequence('{table}', '{column}'))"


@dataclass
class _Waiting:
    """The writes of an open :func:`together` block: its database and, per write, its
    table, SQL and values."""

    alias: str
    writes: list[tuple[str, str, list[Any]]] = field(default_factory=list)


#: Per thread (a request's work runs on one), the open ``together`` block, if any.
_blocks = threading.local()


def _waiting(alias: str) -> _Waiting | None:
    block: _Waiting | None = getattr(_blocks, "open", None)
    return block if block is not None and block.alias == alias else None


@contextmanager
def together(using: str = "default") -> Iterator[None]:
    """This module's writes that read nothing back wait until the block ends, and then go
    as one statement on PostgreSQL, one after the other elsewhere (module docstring).
    Writes to one table never share a statement (the clauses of one statement do not see
    each other's rows, and PostgreSQL leaves it undefined which of two changes to a row
    wins): a second write to a table sends those waiting first. So does a read of this
    module (``get``, ``cursor``) or an insert that reads its key back: the statements keep
    their order. The ORM's statements do not wait and are not waited for: inside a block,
    write with this module only. If the block raises, nothing waiting is sent (the
    transaction around it is rolling back). A block inside another belongs to the outer
    one."""
    if getattr(_blocks, "open", None) is not None:
        yield
        return
    block = _Waiting(using)
    _blocks.open = block
    try:
        yield
    finally:
        _blocks.open = None
    _send(block)


def _write(alias: str, table: str, sql: str, values: list[Any]) -> None:
    """Run a write now, or leave it to the open ``together`` block."""
    block = _waiting(alias)
    if block is None:
        with _cursor(connections[alias]) as cursor:
            cursor.execute(sql, values)
        return
    if any(waiting == table for waiting, _, _ in block.writes):
        _flush(alias)
    block.writes.append((table, sql, values))


def _flush(alias: str) -> None:
    """Send what the open ``together`` block holds so far (before a read, in order)."""
    block = _waiting(alias)
    if block is not None and block.writes:
        _send(_Waiting(alias, block.writes[:]))
        block.writes.clear()


def _send(block: _Waiting) -> None:
    writes = block.writes
    if not writes:
        return
    connection = connections[block.alias]
    with _cursor(connection) as cursor:
        if connection.vendor != "postgresql":
            for _, sql, values in writes:
                cursor.execute(sql, values)
            return
        # Each write but the last a data-modifying WITH clause: PostgreSQL runs them all,
        # referenced or not. They see one snapshot and not each other's rows: fine for
        # rows of different tables (the foreign keys are checked at the commit).
        clauses = [f"w{n} AS ({sql})" for n, (_, sql, _) in enumerate(writes[:-1])]
        head = f"WITH {', '.join(clauses)} " if clauses else ""
        cursor.execute(head + writes[-1][1], [v for _, _, values in writes for v in values])


@cache
def _update(model: type[Model], names: tuple[str, ...], alias: str) -> tuple[str, tuple[Any, ...]]:
    _plain(model)
    meta = model._meta
    fields = tuple(_field(model, name) for name in names)
    sets = ", ".join(f"{_quote(alias, f.column)} = %s" for f in fields)
    table, key = _quote(alias, meta.db_table), _quote(alias, meta.pk.column)
    return f"UPDATE {table} SET {sets} WHERE {key} = %s", fields


def update(obj: Model, names: Sequence[str], using: str = "default") -> None:
    """``obj.save(update_fields=names)`` of a stored row (no check that it exists)."""
    sql, fields = _update(type(obj), tuple(names), using)
    connection = connections[using]
    values = [f.get_db_prep_save(f.pre_save(obj, add=False), connection) for f in fields]
    values.append(obj._meta.pk.get_db_prep_value(obj.pk, connection))
    _write(using, obj._meta.db_table, sql, values)


@dataclass(frozen=True, slots=True)
class _Part:
    """One model's columns in a SELECT: where they start, their attribute names and
    converters, and (a joined relation) how its instance hangs on the main one."""

    model: type[Model]
    start: int
    names: tuple[str, ...]
    converters: tuple[tuple[Any, tuple[Converter, ...]], ...]
    relation: Any = None  # its parent's field (forward) or related object (reverse)
    parent: int = 0  # the index of the part it hangs on


def _part(
    model: type[Model], table: str, start: int, alias: str, relation: Any = None, parent: int = 0
) -> _Part:
    connection = connections[alias]
    converters = []
    for f in model._meta.concrete_fields:
        column = f.get_col(table)
        found = connection.ops.get_db_converters(column) + f.get_db_converters(connection)
        converters.append((column, tuple(found)))
    names = tuple(f.attname for f in model._meta.concrete_fields)
    return _Part(model, start, names, tuple(converters), relation, parent)


@cache
def _select(
    model: type[Model], by: str | None, joined: tuple[str, ...], for_update: bool, alias: str
) -> tuple[str, Any, tuple[_Part, ...]]:
    """The SELECT of one row by primary key (or the unique field ``by``) with the rows of
    its ``joined`` one-to-one relations (a forward foreign key or one-to-one, or a reverse
    one-to-one, each left-joined; ``a__b``: relation ``b`` of the row joined as ``a``,
    listed after it), that key field, and the parts of each row."""
    _plain(model)
    connection = connections[alias]
    meta = model._meta
    key_field = meta.pk if by is None else _field(model, by)
    if not key_field.unique:
        raise ValueError(f"{model.__name__}.{by} is not unique")
    q = partial(_quote, alias)
    parts = [_part(model, "t0", 0, alias)]
    joins = []
    index = {"": 0}  # a joined path's part
    for n, path in enumerate(joined, start=1):
        above, _, name = path.rpartition("__")
        if above not in index:
            raise ValueError(f"{model.__name__}: join {above!r} before {path!r}")
        up = index[above]
        relation = _field(parts[up].model, name)
        other: type[Model] = relation.related_model
        _plain(other)
        if relation.concrete:  # forward: the parent's column holds its key
            ours, theirs = relation.column, relation.target_field.column
        elif relation.one_to_one:  # reverse one-to-one: its column holds the parent's key
            ours, theirs = relation.field.target_field.column, relation.field.column
        else:
            raise ValueError(f"{model.__name__}.{path}: not a one-to-one relation")
        on = f"t{n}.{q(theirs)} = t{up}.{q(ours)}"
        joins.append(f" LEFT JOIN {q(other._meta.db_table)} t{n} ON {on}")
        start = parts[-1].start + len(parts[-1].names)
        parts.append(_part(other, f"t{n}", start, alias, relation, up))
        index[path] = n
    columns = ", ".join(
        f"{column.alias}.{q(column.target.column)}"
        for part in parts
        for column, _ in part.converters
    )
    sql = (
        f"SELECT {columns} FROM {q(meta.db_table)} t0{''.join(joins)} "
        f"WHERE t0.{q(key_field.column)} = %s"
    )
    if for_update and connection.features.has_select_for_update:
        sql += " FOR UPDATE OF t0" if joins else " FOR UPDATE"
    return sql, key_field, tuple(parts)


def _build(part: _Part, row: Sequence[Any], alias: str) -> Model | None:
    """The instance of ``part``'s columns of ``row``; None for a joined row that is not
    there (its key is null)."""
    connection = connections[alias]
    values = []
    for value, (column, functions) in zip(row[part.start :], part.converters, strict=False):
        for convert in functions:
            value = convert(value, column, connection)
        values.append(value)
    obj = part.model.from_db(alias, list(part.names), values)
    return None if part.relation is not None and obj.pk is None else obj


def get(
    model: type[M],
    key: Any,
    *,
    by: str | None = None,
    joined: tuple[str, ...] = (),
    for_update: bool = False,
    using: str = "default",
) -> M | None:
    """``model.objects[.select_for_update()].select_related(*joined).filter(pk=key)
    .first()`` (``by``: the name of a unique field to look ``key`` up by instead), or
    None. ``joined``: one-to-one relations of ``model`` (forward or reverse) loaded with
    it, in one statement; a reverse one with no row is cached as missing, as
    ``select_related`` does."""
    sql, key_field, parts = _select(model, by, joined, for_update, using)
    connection = connections[using]
    _flush(using)
    with _cursor(connection) as cursor:
        cursor.execute(sql, [key_field.get_db_prep_value(key, connection)])
        row = cursor.fetchone()
    if row is None:
        return None
    built = [_build(parts[0], row, using)]
    for part in parts[1:]:  # a field (forward) or a relation (reverse): both cache it
        built.append(_build(part, row, using))
        parent = built[part.parent]
        if parent is not None:
            part.relation.set_cached_value(parent, built[-1])
    return built[0]  # type: ignore[return-value]


@cache
def _upsert(
    model: type[Model], rows: int, unique: tuple[str, ...], changed: tuple[str, ...], alias: str
) -> tuple[str, tuple[Any, ...]]:
    head, fields = _inserted(model, alias)
    keys = ", ".join(_quote(alias, _field(model, name).column) for name in unique)
    sets = ", ".join(
        f"{column} = EXCLUDED.{column}"
        for column in (_quote(alias, _field(model, name).column) for name in changed)
    )
    rows_sql = ", ".join([_marks(len(fields))] * rows)
    return f"{head} VALUES {rows_sql} ON CONFLICT ({keys}) DO UPDATE SET {sets}", fields


def upsert(
    objs: Sequence[Model], unique: Sequence[str], changed: Sequence[str], using: str = "default"
) -> None:
    """``bulk_create(objs, update_conflicts=True, unique_fields=unique,
    update_fields=changed)`` of new rows of one model (their keys are not read back)."""
    if not objs:
        return
    sql, fields = _upsert(type(objs[0]), len(objs), tuple(unique), tuple(changed), using)
    connection = connections[using]
    values = [
        f.get_db_prep_save(f.pre_save(obj, add=True), connection) for obj in objs for f in fields
    ]
    _write(using, objs[0]._meta.db_table, sql, values)
