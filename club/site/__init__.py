"""The site: configuration and entry points, apart from the club's apps."""
