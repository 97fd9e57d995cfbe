from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.emails import email_taken
from accounts.forms import EMAIL_TAKEN, EmailChangeForm, SignupForm, TokenForm
from accounts.models import ApiToken
from accounts.users import AccountRequest


def _next_url(request: HttpRequest) -> str:
    target = request.POST.get("next") or request.GET.get("next") or "/"
    if url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return "/"


def signup(request: HttpRequest) -> HttpResponse:
    """A refused sign-up shows the form again with 400, or 409 when another sign-up took
    the user name, e-mail address or display name between our check and our insert (the
    unique constraints decide; the user row is rolled back with the profile)."""
    status = 200
    if request.method == "POST":
        form = SignupForm(request.POST)
        status = 400
        if form.is_valid():
            try:
                user = form.save()
            except IntegrityError:
                _taken_meanwhile(form)
                status = 409
            else:
                login(request, user, backend="django.contrib.auth.backends.ModelBackend")
                return redirect(_next_url(request))
    else:
        form = SignupForm()
    context = {"form": form, "next": _next_url(request)}
    return render(request, "accounts/signup.html", context, status=status)


def _taken_meanwhile(form: SignupForm) -> None:
    if User.objects.filter(username__iexact=form.cleaned_data["username"]).exists():
        form.add_error("username", _("A user with that username already exists."))
    elif email_taken(form.cleaned_data["email"]):
        form.add_error("email", str(EMAIL_TAKEN))
    else:
        form.add_error("display_name", _("This display name is taken."))


@login_required
def account_settings(request: HttpRequest) -> HttpResponse:
    """The player's own settings: the e-mail address their reset link goes to. A refused
    change shows the form again with 400 (409 when another account took the address
    between our check and our write), and the address stays as it was."""
    status = 200
    user = request.user
    assert isinstance(user, User)
    if request.method == "POST":
        form = EmailChangeForm(user, request.POST)
        status = 400
        if form.is_valid():
            try:
                with transaction.atomic():
                    form.save()
            except IntegrityError:
                user.refresh_from_db(fields=["email"])
                form.add_error("email", str(EMAIL_TAKEN))
                status = 409
            else:
                messages.success(request, _("Your email address is saved."))
                return redirect("accounts:settings")
    else:
        form = EmailChangeForm(user)
    return render(request, "accounts/settings.html", {"form": form}, status=status)


@login_required
def tokens(request: AccountRequest) -> HttpResponse:
    raw_token = None
    if request.method == "POST":
        form = TokenForm(request.POST)
        if form.is_valid():
            _token, raw_token = ApiToken.issue(request.user, form.cleaned_data["name"])
            form = TokenForm()
    else:
        form = TokenForm()
    context = {
        "form": form,
        "raw_token": raw_token,  # shown in this response only; never stored in clear
        "tokens": ApiToken.objects.filter(user=request.user),
    }
    return render(request, "accounts/tokens.html", context)


@login_required
@require_POST
def revoke_token(request: HttpRequest, pk: int) -> HttpResponse:
    token = get_object_or_404(ApiToken, pk=pk, user=request.user)
    token.delete()
    messages.success(request, _("Token “%(name)s” revoked.") % {"name": token.name})
    return redirect("accounts:tokens")
