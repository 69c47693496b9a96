extension Reducer {
    /// Combines reducers over the same state: each runs in turn, in the order given, on the
    /// state the previous one produced.
    ///
    /// - Parameter reducers: The reducers to run.
    /// - Returns: A reducer that runs them all.
    public static func combine(_ reducers: Reducer...) -> Reducer {
        combine(reducers)
    }

    /// Combines reducers over the same state: each runs in turn, in the order given.
    ///
    /// - Parameter reducers: The reducers to run.
    /// - Returns: A reducer that runs them all.
    public static func combine(_ reducers: [Reducer]) -> Reducer {
        Reducer { state, action in
            for reducer in reducers { reducer.reduce(&state, action) }
        }
    }

    /// Lifts this reducer over a part of a larger state, for actions of a larger action type.
    ///
    /// Parent actions that `action` maps to `nil` leave the state untouched.
    ///
    /// - Parameters:
    ///   - state: Where this reducer's state lives inside the parent state.
    ///   - action: Extracts this reducer's action from a parent action, or returns `nil`.
    /// - Returns: A reducer of the parent state.
    public func lift<Parent, ParentAction>(
        state keyPath: WritableKeyPath<Parent, State> & Sendable,
        action extract: @escaping @Sendable (ParentAction) -> Action?
    ) -> Reducer<Parent, ParentAction> {
        let reduce = self.reduce
        return Reducer<Parent, ParentAction> { parent, parentAction in
            guard let action = extract(parentAction) else { return }
            reduce(&parent[keyPath: keyPath], action)
        }
    }

    /// Lifts this reducer over a part of a larger state that shares its action type.
    ///
    /// - Parameter state: Where this reducer's state lives inside the parent state.
    /// - Returns: A reducer of the parent state.
    public func lift<Parent>(state keyPath: WritableKeyPath<Parent, State> & Sendable) -> Reducer<Parent, Action> {
        lift(state: keyPath, action: { $0 })
    }

    /// Lifts this reducer over an optional part of a larger state: it runs only while that
    /// part is present, and leaves `nil` alone.
    ///
    /// - Parameters:
    ///   - optionalState: Where this reducer's optional state lives inside the parent state.
    ///   - action: Extracts this reducer's action from a parent action, or returns `nil`.
    /// - Returns: A reducer of the parent state.
    public func lift<Parent, ParentAction>(
        optionalState keyPath: WritableKeyPath<Parent, State?> & Sendable,
        action extract: @escaping @Sendable (ParentAction) -> Action?
    ) -> Reducer<Parent, ParentAction> {
        let reduce = self.reduce
        return Reducer<Parent, ParentAction> { parent, parentAction in
            guard let action = extract(parentAction), parent[keyPath: keyPath] != nil else { return }
            reduce(&parent[keyPath: keyPath]!, action)
        }
    }

    /// Lifts this reducer over an optional part of a larger state that shares its action type.
    ///
    /// - Parameter optionalState: Where this reducer's optional state lives in the parent.
    /// - Returns: A reducer of the parent state.
    public func lift<Parent>(
        optionalState keyPath: WritableKeyPath<Parent, State?> & Sendable
    ) -> Reducer<Parent, Action> {
        lift(optionalState: keyPath, action: { $0 })
    }
}
