from typing import Any

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from accounts.models import DISPLAY_NAME_MAX, Profile, display_name_validators
from accounts.names import normalise


class DisplayNameField(forms.CharField):
    """Normalised (NFKC) before the validators run, so that they check what is stored."""

    def to_python(self, value: Any) -> str:
        return normalise(str(super().to_python(value)))


class SignupForm(UserCreationForm):
    display_name = DisplayNameField(
        label=_("Display name"),
        max_length=DISPLAY_NAME_MAX,
        validators=display_name_validators,
        help_text=_("Shown on leaderboards. 2 to 30 characters."),
    )

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "display_name")

    def clean_display_name(self) -> str:
        name: str = self.cleaned_data["display_name"]
        if Profile.display_name_taken(name):  # or a look-alike of it (accounts/names.py)
            raise forms.ValidationError(_("This display name is taken."), code="taken")
        return name

    def save(self, commit: bool = True) -> Any:
        user = super().save(commit=False)
        user._display_name = self.cleaned_data["display_name"]  # read by accounts.signals
        if commit:
            with transaction.atomic():
                user.save()
        return user


class TokenForm(forms.Form):
    name = forms.CharField(label=_("Token name"), max_length=60, initial="default")
