"""The admin writes through the services, as the API and the pages do.

A :class:`ServiceAdmin` never saves or deletes a row itself: its ``create``, ``update`` and
``remove`` call the service that owns the rule, the permission check, the locks and the audit
entry. What an admin does not define, it does not offer (no add button without ``create``, a
read-only page without ``update``). Inlines (:class:`ServiceInline`) do the same for each row
of their formset, deletions first, then changes, then new rows.

A service that refuses (``ServiceError``) rolls back everything the page's save had written
(the admin saves in one transaction) and the page is shown again, with what was entered and
the service's problems on the form, in the page's language.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from django import forms
from django.contrib import admin, messages
from django.db import transaction
from django.db.models import Model, QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.utils.functional import Promise
from django.utils.translation import get_language

from core.errors import ServiceError
from core.forms import ID_CHOICES

_M = TypeVar("_M", bound=Model)


def problem_text(problem: dict[str, Any]) -> str:
    """A service's problem in the language of the page."""
    dutch = (get_language() or "").startswith("nl")
    return str(problem["message_nl"] if dutch else problem["message"])


def error_text(error: ServiceError) -> str:
    return " ".join(problem_text(p) for p in error.errors)


def _form_with_problems(
    form_class: type[forms.BaseForm], problems: list[dict[str, Any]]
) -> type[forms.BaseForm]:
    """``form_class`` that shows ``problems`` (on their field when the form has it) and so is
    never valid: the page is shown again instead of saved."""

    class WithProblems(form_class):  # type: ignore[valid-type, misc]
        def clean(self) -> Any:
            data = super().clean()
            for problem in problems:
                field = problem.get("field")
                self.add_error(field if field in self.fields else None, problem_text(problem))
            return data

    WithProblems.__name__ = form_class.__name__
    return WithProblems


class ServiceInline(admin.TabularInline):
    """An inline whose rows are written by services (see the module's docstring)."""

    extra = 0
    formfield_overrides = ID_CHOICES

    def create(self, request: HttpRequest, parent: Model, obj: Model) -> Model:
        raise NotImplementedError

    def update(
        self, request: HttpRequest, original: Model, obj: Model, changed: list[str]
    ) -> Model:
        raise NotImplementedError

    def remove(self, request: HttpRequest, obj: Model) -> None:
        raise NotImplementedError

    def _does(self, name: str) -> bool:
        return getattr(type(self), name) is not getattr(ServiceInline, name)

    def has_add_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return self._does("create") and super().has_add_permission(request, obj)

    def has_change_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return self._does("update") and super().has_change_permission(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return self._does("remove") and super().has_delete_permission(request, obj)

    def save_rows(self, request: HttpRequest, parent: Model, formset: Any) -> None:
        formset.save(commit=False)  # fills deleted_objects, changed_objects, new_objects
        for obj in formset.deleted_objects:
            self.remove(request, type(obj)._default_manager.get(pk=obj.pk))
        for obj, changed in formset.changed_objects:
            self.update(request, type(obj)._default_manager.get(pk=obj.pk), obj, list(changed))
        for obj in formset.new_objects:
            self.create(request, parent, obj)


class ServiceAdmin(admin.ModelAdmin):
    """A model admin whose writes are service calls (see the module's docstring)."""

    formfield_overrides = ID_CHOICES

    def create(self, request: HttpRequest, obj: Model, form: forms.ModelForm) -> Model:
        """Create ``obj`` (the unsaved instance the form built) through its service."""
        raise NotImplementedError

    def update(self, request: HttpRequest, original: Model, form: forms.ModelForm) -> Model:
        """Apply the form's changes (``form.changed_data``) to ``original`` (as stored)."""
        raise NotImplementedError

    def remove(self, request: HttpRequest, obj: Model) -> None:
        raise NotImplementedError

    def _does(self, name: str) -> bool:
        return getattr(type(self), name) is not getattr(ServiceAdmin, name)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return self._does("create") and super().has_add_permission(request)

    def has_change_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return (self._does("update") or bool(self.inlines)) and super().has_change_permission(
            request, obj
        )

    def has_delete_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return self._does("remove") and super().has_delete_permission(request, obj)

    # --- The admin's save and delete, turned into service calls ----------------------------

    def get_form(
        self, request: HttpRequest, obj: Model | None = None, change: bool = False, **kwargs: Any
    ) -> Any:
        form = super().get_form(request, obj, change, **kwargs)
        problems = getattr(request, "_service_problems", None)
        return _form_with_problems(form, problems) if problems else form

    def save_model(self, request: HttpRequest, obj: Model, form: Any, change: bool) -> None:
        if change:
            if form.changed_data:
                self.update(request, type(obj)._default_manager.get(pk=obj.pk), form)
            return
        saved = self.create(request, obj, form)
        obj.pk = saved.pk  # the admin's message and redirect name the created row
        obj._state.adding = False
        obj._state.db = saved._state.db

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        form.save_m2m()
        inlines = {inline.model: inline for inline in self.get_inline_instances(request)}
        for formset in formsets:
            inline = inlines[formset.model]
            if isinstance(inline, ServiceInline):
                inline.save_rows(request, form.instance, formset)
            elif any(
                has(request, form.instance)
                for has in (
                    inline.has_add_permission,
                    inline.has_change_permission,
                    inline.has_delete_permission,
                )
            ):
                raise TypeError(f"{type(inline).__name__} does not write through services")
            else:
                formset.save(commit=False)  # read-only: nothing to write, the log reads it

    def delete_model(self, request: HttpRequest, obj: Model) -> None:
        self.remove(request, obj)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet) -> None:
        with transaction.atomic():  # all or nothing: a refusal keeps every row
            for obj in queryset:
                self.remove(request, obj)

    # --- A refusal: everything rolled back, the page again with the problems ------------------

    def changeform_view(
        self,
        request: HttpRequest,
        object_id: str | None = None,
        form_url: str = "",
        extra_context: dict | None = None,
    ) -> HttpResponse:
        try:
            return super().changeform_view(request, object_id, form_url, extra_context)
        except ServiceError as error:
            # The admin saved in one transaction, rolled back by the error: render the form
            # again, bound to what was posted and carrying the problems, so nothing is saved.
            request._service_problems = error.errors  # type: ignore[attr-defined]
            return super().changeform_view(request, object_id, form_url, extra_context)

    def delete_view(
        self, request: HttpRequest, object_id: str, extra_context: dict | None = None
    ) -> HttpResponse:
        try:
            return super().delete_view(request, object_id, extra_context)
        except ServiceError as error:
            self.message_user(request, error_text(error), messages.ERROR)
            return _back(request)

    def changelist_view(
        self, request: HttpRequest, extra_context: dict | None = None
    ) -> HttpResponse:
        try:
            return super().changelist_view(request, extra_context)
        except ServiceError as error:  # a bulk action a service refused: nothing changed
            self.message_user(request, error_text(error), messages.ERROR)
            return _back(request)

    def each(
        self,
        request: HttpRequest,
        queryset: Iterable[_M],
        command: Callable[[_M], object],
        done: str | Promise,
    ) -> None:
        """An action: ``command`` for every selected row, each on its own; the rows a service
        refused are named with the reason, the others are done."""
        count = 0
        for obj in queryset:
            try:
                with transaction.atomic():
                    command(obj)
                count += 1
            except ServiceError as error:
                self.message_user(request, f"{obj}: {error_text(error)}", messages.ERROR)
        if count:
            self.message_user(request, str(done % {"count": count}), messages.SUCCESS)


def _back(request: HttpRequest) -> HttpResponse:
    return HttpResponseRedirect(request.get_full_path())


class ReadOnlyAdmin(admin.ModelAdmin):
    """Rows the services write or derive: to look at, not to add, edit or delete."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False
