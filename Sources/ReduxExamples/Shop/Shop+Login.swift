import Redux

extension Shop {
    /// Checks a username and password; returns the user or an error message.
    public typealias Authenticator = @Sendable (_ username: String, _ password: String) -> Result<User, LoginError>

    /// Why a login failed.
    public struct LoginError: Error, Equatable, Sendable {
        /// A message for the shopper.
        public var message: String

        /// Creates an error.
        public init(_ message: String) {
            self.message = message
        }
    }

    /// The demo authenticator: accepts `ada` / `lovelace` and `grace` / `hopper`.
    public static let demoAuthenticator: Authenticator = { username, password in
        let accounts = ["ada": ("lovelace", "Ada L."), "grace": ("hopper", "Grace H.")]
        guard let account = accounts[username], account.0 == password else {
            return .failure(LoginError("wrong username or password"))
        }
        return .success(User(username: username, displayName: account.1, token: "tok-\(username)-1"))
    }

    /// Handles `loginRequest`: dispatches `setLoading(true)`, then `loginSuccess` or
    /// `loginFailed` with what the authenticator says.
    ///
    /// - Parameter authenticate: Checks credentials; the demo one by default.
    /// - Returns: The middleware.
    public static func loginMiddleware(authenticate: @escaping Authenticator = demoAuthenticator) -> Middleware<State, Action> {
        .effect { action, context in
            guard case .loginRequest(let username, let password) = action else { return }
            context.dispatch(.setLoading(true))
            switch authenticate(username, password) {
            case .success(let user): context.dispatch(.loginSuccess(user))
            case .failure(let error): context.dispatch(.loginFailed(error: error.message))
            }
        }
    }
}
