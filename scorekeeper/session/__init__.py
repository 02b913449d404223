"""The session: the evening as a value and its rules, pure (no files, no TOML)."""
