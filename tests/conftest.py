"""Test-wide settings: machines here are shared, so no test depends on wall-clock speed."""

from hypothesis import HealthCheck, settings

settings.register_profile("shared-machine", deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("shared-machine")
