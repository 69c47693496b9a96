import Redux

/// A to-do app: a sidebar of categories, a list of items per category, a selection, and
/// a setting for showing finished items.
public enum Todos {
    /// One to-do.
    public struct Item: Codable, Equatable, Sendable, Identifiable {
        public var id: Int
        public var title: String
        public var done: Bool

        /// Creates an item.
        public init(id: Int, title: String, done: Bool = false) {
            self.id = id
            self.title = title
            self.done = done
        }
    }

    /// A sidebar entry and its items.
    public struct Category: Codable, Equatable, Sendable, Identifiable {
        public var id: Int
        public var name: String
        public var items: [Item]

        /// Creates a category.
        public init(id: Int, name: String, items: [Item] = []) {
            self.id = id
            self.name = name
            self.items = items
        }
    }

    /// View settings.
    public struct Settings: Codable, Equatable, Sendable {
        public var showCompleted = true

        /// Creates the default settings.
        public init() {}
    }

    /// The whole to-do state.
    public struct State: Codable, Equatable, Sendable {
        public var categories: [Category]
        public var selectedCategoryID: Int?
        public var selectedItemID: Int?
        public var settings = Settings()
        /// The next id to give a category or an item.
        public var nextID: Int

        /// Creates a state with an "Inbox" category, selected.
        public init() {
            categories = [Category(id: 1, name: "Inbox")]
            selectedCategoryID = 1
            nextID = 2
        }
    }

    /// What can happen in the app.
    public enum Action: Codable, Equatable, Sendable {
        case addCategory(name: String)
        case selectCategory(id: Int)
        case deleteCategory(id: Int)
        /// Adds an item to the selected category.
        case addItem(title: String)
        case deleteItem(id: Int)
        case toggleDone(id: Int)
        case selectItem(id: Int?)
        case setShowCompleted(Bool)
    }

    /// The app's reducer.
    public static let reducer = Reducer<State, Action> { state, action in
        switch action {
        case .addCategory(let name):
            state.categories.append(Category(id: state.nextID, name: name))
            state.selectedCategoryID = state.nextID
            state.nextID &+= 1  // Wraps rather than traps on a hostile recording.
        case .selectCategory(let id):
            guard state.categories.contains(where: { $0.id == id }) else { return }
            state.selectedCategoryID = id
            state.selectedItemID = nil
        case .deleteCategory(let id):
            state.categories.removeAll { $0.id == id }
            if state.selectedCategoryID == id {
                state.selectedCategoryID = state.categories.first?.id
                state.selectedItemID = nil
            }
        case .addItem(let title):
            guard let index = state.categories.firstIndex(where: { $0.id == state.selectedCategoryID }) else { return }
            state.categories[index].items.append(Item(id: state.nextID, title: title))
            state.nextID &+= 1  // Wraps rather than traps on a hostile recording.
        case .deleteItem(let id):
            for index in state.categories.indices { state.categories[index].items.removeAll { $0.id == id } }
            if state.selectedItemID == id { state.selectedItemID = nil }
        case .toggleDone(let id):
            for category in state.categories.indices {
                if let item = state.categories[category].items.firstIndex(where: { $0.id == id }) {
                    state.categories[category].items[item].done.toggle()
                }
            }
        case .selectItem(let id):
            state.selectedItemID = id
        case .setShowCompleted(let show):
            state.settings.showCompleted = show
        }
    }
}
