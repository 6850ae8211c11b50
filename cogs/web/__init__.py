"""The watch pages: a game live in the browser and finished games replayed step by step, served by
the bot's own event loop (`server`), read-only, opened only by signed links (`bot.watch`)."""
