"""The local web app: ``create_app(db_path)`` and its static pages."""

from patience.web.app import create_app

__all__ = ["create_app"]
