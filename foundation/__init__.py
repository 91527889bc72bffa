"""Edge helpers every layer may use (refusals, hand-written SQL, the channel
layer's connections, the API's parameters, errors and throttles). They import
no app of the club: games and ratings use them without reaching up."""
