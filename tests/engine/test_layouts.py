"""The covering tables, written as data in the engine, checked against SPEC's formulas."""

from games.engine.layouts import (
    PYRAMID_COVERED_BY,
    PYRAMID_ROWS,
    TRIPEAKS_COVERED_BY,
    TRIPEAKS_PEAKS,
    TRIPEAKS_ROWS,
)


def test_tripeaks_covering_follows_spec_section_4():
    row2, row3, row4 = TRIPEAKS_ROWS[1], TRIPEAKS_ROWS[2], TRIPEAKS_ROWS[3]
    for p in range(3):
        assert TRIPEAKS_COVERED_BY[p] == (row2[2 * p], row2[2 * p + 1])
    for i in range(6):
        p, j = divmod(i, 2)
        assert TRIPEAKS_COVERED_BY[row2[i]] == (row3[3 * p + j], row3[3 * p + j + 1])
    for k in range(9):
        assert TRIPEAKS_COVERED_BY[row3[k]] == (row4[k], row4[k + 1])
    assert all(TRIPEAKS_COVERED_BY[pos] == () for pos in row4)


def test_tripeaks_rows_are_3_6_9_10_and_peaks_9_9_10():
    assert [len(row) for row in TRIPEAKS_ROWS] == [3, 6, 9, 10]
    assert [len(peak) for peak in TRIPEAKS_PEAKS] == [9, 9, 10]
    assert sorted(p for peak in TRIPEAKS_PEAKS for p in peak) == list(range(28))
    assert [peak[-4 if len(peak) == 10 else -3 :] for peak in TRIPEAKS_PEAKS] == [
        (18, 19, 20),
        (21, 22, 23),
        (24, 25, 26, 27),
    ]


def test_a_peak_holds_every_card_above_its_bottom_cards():
    for peak in TRIPEAKS_PEAKS:
        for pos in peak:
            assert set(TRIPEAKS_COVERED_BY[pos]) <= set(peak) | set(TRIPEAKS_ROWS[3])


def test_pyramid_card_i_of_row_r_is_covered_by_cards_i_and_i_plus_1_of_row_r_plus_1():
    assert [len(row) for row in PYRAMID_ROWS] == [1, 2, 3, 4, 5, 6, 7]
    for r in range(6):
        for i, pos in enumerate(PYRAMID_ROWS[r]):
            assert PYRAMID_COVERED_BY[pos] == (PYRAMID_ROWS[r + 1][i], PYRAMID_ROWS[r + 1][i + 1])
    assert all(PYRAMID_COVERED_BY[pos] == () for pos in PYRAMID_ROWS[6])


def test_pyramid_covers_reads_the_covering_table_the_other_way():
    from games.engine.layouts import PYRAMID_COVERED_BY, PYRAMID_COVERS

    for q, covered in enumerate(PYRAMID_COVERS):
        assert set(covered) == {p for p, by in enumerate(PYRAMID_COVERED_BY) if q in by}
    # SPEC §5: card i of row r is covered by cards i and i+1 of row r+1, so the bottom
    # row's ends cover one card each and the others two; the top covers nothing.
    assert PYRAMID_COVERS[21] == (15,) and PYRAMID_COVERS[27] == (20,)
    assert PYRAMID_COVERS[22] == (15, 16) and PYRAMID_COVERS[0] == ()
