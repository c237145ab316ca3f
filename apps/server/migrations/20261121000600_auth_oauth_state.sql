-- OAuth redirect sign-in (GET /authorize → provider → /callback) keeps its state in
-- auth.flow_state: the row's id is the OAuth `state`, and the row remembers the provider, the
-- validated redirect and the user being linked. Implicit-flow clients send no code challenge,
-- so the challenge becomes optional: a row without one never hands out an auth code (it is
-- deleted when its callback issues the session in the URL fragment).

alter table auth.flow_state
  alter column code_challenge drop not null,
  alter column code_challenge_method drop not null,
  add constraint flow_state_code_challenge_pair
    check ((code_challenge is null) = (code_challenge_method is null));
