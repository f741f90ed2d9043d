// Common given names and surnames from many naming cultures, used to build the "ordinary people"
// half of the quality evaluation: combinations that should come back clear. These are name parts,
// not people; any combination that is itself on a list is dropped by the evaluation.

export type NamingCulture = { culture: string; given: string[]; surnames: string[] };

export const COMMON_NAMES: NamingCulture[] = [
  {
    culture: "English",
    given: ["James", "Mary", "John", "Patricia", "Robert", "Jennifer", "Michael", "Linda", "William", "Elizabeth"],
    surnames: ["Smith", "Johnson", "Williams", "Brown", "Jones", "Miller", "Davis", "Wilson", "Taylor", "Clark"],
  },
  {
    culture: "Spanish",
    given: ["Lucia", "Hugo", "Martina", "Mateo", "Paula", "Daniel", "Elena", "Pablo", "Carmen", "Alvaro"],
    surnames: ["Garcia", "Fernandez", "Gonzalez", "Rodriguez", "Lopez", "Martinez", "Sanchez", "Perez", "Gomez", "Martin"],
  },
  {
    culture: "Mexican",
    given: ["Sofia", "Santiago", "Valentina", "Sebastian", "Regina", "Diego", "Ximena", "Emiliano", "Camila", "Leonardo"],
    surnames: ["Hernandez", "Ramirez", "Flores", "Torres", "Rivera", "Cruz", "Morales", "Reyes", "Ortiz", "Mendoza"],
  },
  {
    culture: "Portuguese/Brazilian",
    given: ["Joao", "Ana", "Pedro", "Beatriz", "Lucas", "Mariana", "Gabriel", "Larissa", "Rafael", "Juliana"],
    surnames: ["Silva", "Santos", "Oliveira", "Souza", "Pereira", "Costa", "Carvalho", "Almeida", "Ferreira", "Ribeiro"],
  },
  {
    culture: "French",
    given: ["Camille", "Louis", "Chloe", "Antoine", "Manon", "Julien", "Ines", "Thomas", "Claire", "Nicolas"],
    surnames: ["Martin", "Bernard", "Dubois", "Durand", "Leroy", "Moreau", "Laurent", "Lefebvre", "Michel", "Fournier"],
  },
  {
    culture: "German",
    given: ["Lukas", "Anna", "Felix", "Lea", "Jonas", "Hannah", "Maximilian", "Lena", "Tobias", "Katharina"],
    surnames: ["Mueller", "Schmidt", "Schneider", "Fischer", "Weber", "Meyer", "Wagner", "Becker", "Hoffmann", "Koch"],
  },
  {
    culture: "Italian",
    given: ["Giulia", "Francesco", "Chiara", "Alessandro", "Francesca", "Lorenzo", "Sara", "Matteo", "Alessia", "Andrea"],
    surnames: ["Rossi", "Russo", "Ferrari", "Esposito", "Bianchi", "Romano", "Colombo", "Ricci", "Marino", "Greco"],
  },
  {
    culture: "Dutch/Scandinavian",
    given: ["Lars", "Ingrid", "Sven", "Astrid", "Bram", "Sanne", "Erik", "Freya", "Anders", "Maartje"],
    surnames: ["de Jong", "Jansen", "de Vries", "Bakker", "Visser", "Andersson", "Johansson", "Nielsen", "Hansen", "Larsen"],
  },
  {
    culture: "Polish/Czech",
    given: ["Piotr", "Katarzyna", "Krzysztof", "Agnieszka", "Tomasz", "Malgorzata", "Jakub", "Zuzana", "Pavel", "Tereza"],
    surnames: ["Nowak", "Kowalski", "Wisniewski", "Wojcik", "Kaminski", "Lewandowski", "Novak", "Svoboda", "Dvorak", "Cerny"],
  },
  {
    culture: "Russian/Ukrainian",
    given: ["Dmitry", "Olga", "Ivan", "Natalia", "Mikhail", "Tatiana", "Nikita", "Irina", "Oleksandr", "Oksana"],
    surnames: ["Ivanov", "Smirnov", "Kuznetsov", "Popov", "Sokolov", "Lebedev", "Kozlov", "Novikov", "Shevchenko", "Bondarenko"],
  },
  {
    culture: "Greek",
    given: ["Georgios", "Maria", "Dimitrios", "Eleni", "Konstantinos", "Katerina", "Ioannis", "Sofia", "Nikolaos", "Vasiliki"],
    surnames: [
      "Papadopoulos",
      "Papadakis",
      "Georgiou",
      "Nikolaidis",
      "Karagiannis",
      "Vlachos",
      "Oikonomou",
      "Makris",
      "Pappas",
      "Antoniou",
    ],
  },
  {
    culture: "Turkish",
    given: ["Mehmet", "Ayse", "Mustafa", "Fatma", "Emre", "Zeynep", "Burak", "Elif", "Murat", "Esra"],
    surnames: ["Yilmaz", "Kaya", "Demir", "Sahin", "Celik", "Yildiz", "Yildirim", "Ozturk", "Aydin", "Ozdemir"],
  },
  {
    culture: "Arabic",
    given: ["Omar", "Layla", "Khalid", "Fatima", "Youssef", "Mariam", "Tariq", "Nour", "Karim", "Huda"],
    surnames: ["Haddad", "Khoury", "Nasser", "Mansour", "Saleh", "Farouk", "Aziz", "Hamdan", "Qureshi", "Darwish"],
  },
  {
    culture: "Persian",
    given: ["Reza", "Maryam", "Arash", "Shirin", "Babak", "Parisa", "Dariush", "Leila", "Kaveh", "Nasrin"],
    surnames: ["Ahmadi", "Hosseini", "Mohammadi", "Rahimi", "Karimi", "Moradi", "Jafari", "Rezaei", "Sadeghi", "Ebrahimi"],
  },
  {
    culture: "Hebrew",
    given: ["Noa", "Yosef", "Tamar", "Avraham", "Shira", "David", "Yael", "Eitan", "Michal", "Ariel"],
    surnames: ["Cohen", "Levi", "Mizrahi", "Peretz", "Biton", "Dahan", "Friedman", "Katz", "Azoulay", "Goldberg"],
  },
  {
    culture: "Indian",
    given: ["Aarav", "Priya", "Rahul", "Ananya", "Vikram", "Deepika", "Arjun", "Kavya", "Rohan", "Sneha"],
    surnames: ["Sharma", "Patel", "Gupta", "Reddy", "Iyer", "Nair", "Mehta", "Joshi", "Banerjee", "Chatterjee"],
  },
  {
    culture: "Pakistani/Bangladeshi",
    given: ["Imran", "Ayesha", "Bilal", "Sana", "Faisal", "Nadia", "Usman", "Farah", "Hamza", "Rukhsana"],
    surnames: ["Chaudhry", "Butt", "Malik", "Siddiqui", "Rahman", "Hossain", "Akhtar", "Islam", "Mirza", "Sheikh"],
  },
  {
    culture: "Chinese",
    given: ["Wei", "Fang", "Jing", "Lei", "Xiu", "Hao", "Mei", "Jun", "Ying", "Tao"],
    surnames: ["Wang", "Li", "Zhang", "Liu", "Chen", "Yang", "Huang", "Zhao", "Wu", "Zhou"],
  },
  {
    culture: "Japanese",
    given: ["Haruto", "Yui", "Sota", "Aoi", "Ren", "Hina", "Yuto", "Sakura", "Kaito", "Mio"],
    surnames: ["Sato", "Suzuki", "Takahashi", "Tanaka", "Watanabe", "Ito", "Yamamoto", "Nakamura", "Kobayashi", "Kato"],
  },
  {
    culture: "Korean",
    given: ["Minjun", "Seoyeon", "Jiho", "Jiwoo", "Hyunwoo", "Sujin", "Dongha", "Eunji", "Taeyang", "Haeun"],
    surnames: ["Kim", "Lee", "Park", "Choi", "Jung", "Kang", "Cho", "Yoon", "Jang", "Lim"],
  },
  {
    culture: "Vietnamese",
    given: ["Minh", "Lan", "Tuan", "Huong", "Duc", "Thao", "Quang", "Linh", "Hieu", "Trang"],
    surnames: ["Nguyen", "Tran", "Le", "Pham", "Hoang", "Phan", "Vu", "Dang", "Bui", "Do"],
  },
  {
    culture: "Filipino/Indonesian",
    given: ["Jose", "Maricel", "Rizal", "Lorna", "Budi", "Siti", "Agus", "Dewi", "Putra", "Ayu"],
    surnames: ["Santos", "Reyes", "Dela Cruz", "Bautista", "Villanueva", "Wijaya", "Susanto", "Hidayat", "Kusuma", "Pratama"],
  },
  {
    culture: "Nigerian",
    given: ["Chinedu", "Ngozi", "Oluwaseun", "Funmilayo", "Emeka", "Adaeze", "Babatunde", "Chiamaka", "Tunde", "Yetunde"],
    surnames: ["Okafor", "Adeyemi", "Okonkwo", "Balogun", "Eze", "Ogunleye", "Nwosu", "Adebayo", "Obi", "Oladipo"],
  },
  {
    culture: "East African",
    given: ["Wanjiru", "Kamau", "Achieng", "Otieno", "Amani", "Baraka", "Zawadi", "Juma", "Neema", "Tendai"],
    surnames: ["Mwangi", "Ochieng", "Kiprono", "Wambui", "Njoroge", "Mutua", "Kimani", "Mbeki", "Moyo", "Banda"],
  },
];

/** Every given-name × surname pair within each culture, in a fixed order. */
export function commonNameCombinations(): { name: string; culture: string }[] {
  const out: { name: string; culture: string }[] = [];
  for (const c of COMMON_NAMES) {
    for (const g of c.given) for (const s of c.surnames) out.push({ name: `${g} ${s}`, culture: c.culture });
  }
  return out;
}
