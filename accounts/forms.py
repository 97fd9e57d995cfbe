from typing import Any

from django import forms
from django.contrib.auth.forms import PasswordResetForm, UserCreationForm
from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from accounts.emails import email_taken, normalise_email, users_for_reset
from accounts.models import DISPLAY_NAME_MAX, Profile, display_name_validators
from accounts.names import normalise


class DisplayNameField(forms.CharField):
    """Normalised (NFKC) before the validators run, so that they check what is stored."""

    def to_python(self, value: Any) -> str:
        return normalise(str(super().to_python(value)))


EMAIL_TAKEN = _("Another account already uses this email address.")


class AccountEmailField(forms.EmailField):
    """Required: the address is the only way back into an account whose password is
    forgotten (docs/frontend.md says why sign-up asks it). Stored normalised."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("label", _("Email"))
        kwargs.setdefault(
            "help_text",
            _("Only to send you a link if you forget your password. Never shown to anyone."),
        )
        super().__init__(max_length=254, **kwargs)
        self.widget.attrs["autocomplete"] = "email"

    def to_python(self, value: Any) -> str:
        return normalise_email(str(super().to_python(value)))


class SignupForm(UserCreationForm):
    email = AccountEmailField()
    display_name = DisplayNameField(
        label=_("Display name"),
        max_length=DISPLAY_NAME_MAX,
        validators=display_name_validators,
        help_text=_("Shown on leaderboards. 2 to 30 characters."),
    )

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email", "display_name")

    def clean_email(self) -> str:
        email: str = self.cleaned_data["email"]
        if email_taken(email):
            raise forms.ValidationError(EMAIL_TAKEN, code="email_taken")
        return email

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


class EmailChangeForm(forms.Form):
    """Adds or changes an account's address; the current password is asked so that a
    session left open cannot redirect the account's reset mail elsewhere."""

    email = AccountEmailField(label=_("New email"))
    password = forms.CharField(
        label=_("Your password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )

    def __init__(self, user: User, *args: Any, **kwargs: Any) -> None:
        self.user = user
        super().__init__(*args, **kwargs)

    def clean_email(self) -> str:
        email: str = self.cleaned_data["email"]
        if email_taken(email, exclude_user_id=self.user.pk):
            raise forms.ValidationError(EMAIL_TAKEN, code="email_taken")
        return email

    def clean_password(self) -> str:
        password: str = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError(_("This is not your password."), code="wrong_password")
        return password

    def save(self) -> User:
        self.user.email = self.cleaned_data["email"]
        self.user.save(update_fields=["email"])
        return self.user


class ResetRequestForm(PasswordResetForm):
    """Django's reset form, asked by user name or e-mail address. Its answer is the same
    whether or not an account matches (the view redirects to one "check your email" page
    either way); only accounts with an address get a mail."""

    email = forms.CharField(
        label=_("Username or email"),
        max_length=254,
        widget=forms.TextInput(attrs={"autocomplete": "username"}),
    )

    def get_users(self, email: str) -> Any:
        """``email`` is what the player typed: a user name or an address."""
        return iter(users_for_reset(email.strip()))
