// News section
