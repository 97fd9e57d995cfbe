"""Django admin for daily deals (SPEC §8): pick a deal for a date and variant, with a
preview of its layout and what the solver knows about it.

The deal is picked by its code (autocomplete); a numbered deal is refused: its code
gives its layout away (SPEC §10). A day already under way (or past) is read-only here:
its players' ranked attempts were made on that deal, and "the day's deals change
exactly once, at midnight". An admin may fill today's slot only while it is empty.
Ticking "draw a sealed deal" makes the platform draw and vet one (the solver must find
it winnable) instead of picking a deal.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError
from django.http import HttpRequest
from django.utils.html import format_html

from games.admin_layout import layout_html
from games.commitments import new_seal
from games.daily import (
    DEFAULT_ATTEMPTS,
    day_end,
    do_pick_daily_deal,
    find_winnable_sealed,
    solver_vetter,
    store_solver_fact,
    today,
)
from games.engine import Variant
from games.models import DailyDeal, Deal, SolverFact


def layout_preview(deal: Deal | None) -> str:
    """The deal drawn as cards, as the Deal admin draws it (games/admin_layout.py)."""
    if deal is None or not deal.pk:
        return "—"
    return layout_html(deal.code)


def solver_html(deal: Deal | None) -> str:
    if deal is None or not deal.pk:
        return "—"
    try:
        fact = deal.solver_fact
    except SolverFact.DoesNotExist:
        return "not solved yet"
    return format_html(
        "winnable: {} · par: {} · best cards left: {} · nodes: {} · {} ms · solver v{}",
        fact.winnable,
        fact.par_moves,
        fact.best_cards_left,
        fact.nodes,
        round(fact.ms),
        fact.solver_version or "?",
    )


class DailyDealForm(forms.ModelForm):
    draw_sealed = forms.BooleanField(
        required=False,
        label="Draw a sealed deal",
        help_text="Ignore the deal field: draw a random sealed deal the solver finds winnable.",
    )
    confirmed = forms.BooleanField(
        required=False,
        label="The preview is right",
        help_text="A picked deal is shown first (its layout and what the solver knows); "
        "tick this and save again to keep it.",
    )

    class Meta:
        model = DailyDeal
        fields = ["date", "variant", "deal"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if "deal" in self.fields:
            self.fields["deal"].required = False

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data  # what ModelForm.clean() returns, typed
        day, variant, deal = data.get("date"), data.get("variant"), data.get("deal")
        if day is not None and day < today():
            raise ValidationError("Past days cannot change.")
        if day is not None and day == today() and self.instance.pk:
            raise ValidationError("Today's deal is being played: it cannot change any more.")
        if data.get("draw_sealed") and variant:
            vet = solver_vetter()
            if vet is None:
                raise ValidationError("The solver is not available: pick a deal instead.")
            found = find_winnable_sealed(Variant(variant), vet, DEFAULT_ATTEMPTS)
            if found is None:
                raise ValidationError("No winnable sealed deal found in time; try again.")
            data["sealed_pick"] = found
        elif not data.get("draw_sealed"):
            if deal is None:
                raise ValidationError("Pick a deal, or tick “Draw a sealed deal”.")
            if variant and deal.variant != variant:
                raise ValidationError(f"{deal} is a {deal.variant} deal, not {variant}.")
            if not deal.sealed:
                # SPEC §10: a numbered deal's code gives its whole layout away (anyone can
                # run GEN 1 on it), so a competitive daily deal must be sealed.
                raise ValidationError(
                    f"{deal.code} is a numbered deal: its layout is public (anyone can deal "
                    "it from its code), so it cannot be a daily deal (SPEC §10). Pick a "
                    "sealed deal, or tick “Draw a sealed deal”."
                )
            if not data.get("confirmed"):
                # Preview before saving: the change form shows this deal below the fields.
                self.preview_deal = deal
                raise ValidationError(
                    "Check the preview below, then tick “The preview is right” and save."
                )
        return data


@admin.register(DailyDeal)
class DailyDealAdmin(admin.ModelAdmin):
    form = DailyDealForm
    list_display = ("date", "variant", "deal_label", "picked_by", "revealed", "par", "winnable")
    list_filter = ("variant", "picked_by")
    date_hierarchy = "date"
    # Picked by code (type a few letters), not by a raw database id.
    autocomplete_fields = ("deal",)
    readonly_fields = ("layout", "solver")
    ordering = ("-date", "variant")

    @admin.display(description="deal")
    def deal_label(self, obj: DailyDeal) -> str:
        return obj.deal.code

    @admin.display(boolean=True, description="code public")
    def revealed(self, obj: DailyDeal) -> bool:
        return obj.deal.public_code is not None

    @admin.display(description="par")
    def par(self, obj: DailyDeal) -> int | None:
        fact = SolverFact.objects.filter(deal=obj.deal).first()
        return fact.par_moves if fact else None

    @admin.display(description="winnable")
    def winnable(self, obj: DailyDeal) -> bool | None:
        fact = SolverFact.objects.filter(deal=obj.deal).first()
        return fact.winnable if fact else None

    @admin.display(description="layout")
    def layout(self, obj: DailyDeal) -> str:
        return layout_preview(obj.deal if obj.pk else None)

    @admin.display(description="solver")
    def solver(self, obj: DailyDeal) -> str:
        return solver_html(obj.deal if obj.pk else None)

    def render_change_form(
        self, request: HttpRequest, context: dict[str, Any], *args: Any, **kwargs: Any
    ) -> Any:
        """The picked deal's layout and solver facts, when the form waits for confirmation
        (templates/admin/games/dailydeal/change_form.html shows them)."""
        adminform = context.get("adminform")
        form = adminform.form if adminform is not None else None
        deal = getattr(form, "preview_deal", None)
        if deal is not None:
            context["preview"] = format_html("{}<p>{}</p>", layout_preview(deal), solver_html(deal))
        return super().render_change_form(request, context, *args, **kwargs)

    def has_change_permission(self, request: HttpRequest, obj: DailyDeal | None = None) -> bool:
        if obj is not None and obj.date <= today():
            return False  # under way or past: shown read-only
        return super().has_change_permission(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: DailyDeal | None = None) -> bool:
        if obj is not None and obj.date <= today():
            return False
        return super().has_delete_permission(request, obj)

    def save_model(self, request: HttpRequest, obj: DailyDeal, form: Any, change: bool) -> None:
        deal: Deal | None = form.cleaned_data.get("deal")
        found = form.cleaned_data.get("sealed_pick")
        if found is not None:
            code, vetting = found
            deal = Deal.objects.create(
                code=code.text, variant=obj.variant, number=None, sealed=True
            )
            store_solver_fact(deal, vetting)
        assert deal is not None
        obj.picked_by = DailyDeal.PickedBy.ADMIN
        if change:
            obj.deal = deal
            # A future day's new deal gets a new seal (its day has not started: the
            # commitment is first shown on that day, games.commitments).
            obj.nonce, obj.commitment = new_seal(deal.code)
            super().save_model(request, obj, form, change)
            if deal.sealed:  # its code stays secret until its (possibly new) day closes
                deal.reveal_after = day_end(obj.date)
                deal.save(update_fields=["reveal_after"])
            return
        saved = do_pick_daily_deal(obj.date, obj.variant, deal, DailyDeal.PickedBy.ADMIN)
        obj.pk = saved.pk
