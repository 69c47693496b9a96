/// An asynchronous action: a piece of work that reads the state and dispatches plain
/// actions over time, such as a network request followed by a success or failure action.
///
/// Thunks travel inside the app's action enum (a case such as `case thunk(Thunk<State, Action>)`)
/// and are run by ``Middleware/thunks(_:)``, which stops them before the reducer, so the
/// reducer only ever sees plain actions, and so does a ``Recorder`` placed after it (last,
/// where it belongs).
///
/// ```swift
/// let loadProfile = Thunk<AppState, AppAction>("loadProfile") { dispatch, getState in
///     dispatch(.setLoading(true))
///     let profile = await api.profile(for: getState().userID)
///     dispatch(.profileLoaded(profile))
/// }
/// store.dispatch(.thunk(loadProfile))
/// ```
public struct Thunk<State, Action>: Sendable {
    /// A name for logs and recordings.
    public let name: String
    let body: @Sendable (_ dispatch: DispatchFunction<Action>, _ getState: @Sendable () -> State) async -> Void

    /// Creates a thunk.
    ///
    /// - Parameters:
    ///   - name: A name for logs and recordings.
    ///   - body: The work; dispatches actions and reads the state as it goes.
    public init(
        _ name: String,
        body: @escaping @Sendable (_ dispatch: DispatchFunction<Action>, _ getState: @Sendable () -> State) async -> Void
    ) {
        self.name = name
        self.body = body
    }
}

extension Thunk: Codable {
    // Thunks hold code, which cannot be serialized. Encoding writes the name so that an
    // action enum with a thunk case can still conform to `Codable`; decoding always fails.
    private enum CodingKeys: String, CodingKey { case thunk }

    /// Encodes the thunk as `{"thunk": name}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .thunk)
    }

    /// Always throws: a thunk's code cannot be read back from a recording.
    public init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(
            DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "a thunk cannot be decoded")
        )
    }
}

extension Middleware {
    /// A middleware that runs the thunks found in actions and passes every other action on.
    ///
    /// Each thunk starts in its own task as soon as it is dispatched; the actions it
    /// dispatches enter the middleware chain from the top like any other.
    ///
    /// - Parameter extract: Returns the thunk an action carries, or `nil` for plain actions.
    /// - Returns: The middleware.
    public static func thunks(_ extract: @escaping @Sendable (Action) -> Thunk<State, Action>?) -> Middleware {
        Middleware { dispatch, getState in
            { next in
                { action in
                    guard let thunk = extract(action) else { return next(action) }
                    Task { await thunk.body(dispatch, getState) }
                }
            }
        }
    }
}
